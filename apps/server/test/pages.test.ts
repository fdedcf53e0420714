import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { PAGE_ROUTES } from '@portal/contract/pages';
import { loginAs } from './login-as.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

// Every page as the server renders it (ADR 0033), from the web app's build (npm test builds it
// first) and the shipped data: what a reader without JavaScript, or a crawler, receives.
describe('pages rendered by the server', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await buildTestApp('sqlite', { template: 'data', withPages: true });
  });
  afterAll(async () => server?.close());

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await server.fetch(path, { headers });
    return { status: answer.status, headers: answer.headers, html: await answer.text() };
  };
  /** The page's visible markup: its body without the scripts that carry its data. */
  const bodyOf = (html: string) => html.slice(html.indexOf('<body')).replace(/<script[\s\S]*?<\/script>/g, '');
  // Text as React DOM's server renderer escapes it.
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

  const samples = PAGE_ROUTES.flatMap((route) => [
    { route: route.id, sample: route.sample, shows: route.shows },
    ...(route.also ?? []).map((also) => ({ route: route.id, ...also })),
  ]);
  it.each(samples)('renders $route at $sample with its heading and first data', async ({ route, sample, shows }) => {
    const { status, headers, html } = await page(sample);
    expect(status).toBe(route === 'not-found' ? 404 : 200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    const body = bodyOf(html);
    expect(body).toMatch(/<h1[^>]*>[^<]+/);
    expect(body).toContain(escaped(shows));
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it("adds beside the spec's footer text that the data are under their publishers' licences", async () => {
    const t = translator();
    for (const path of ['/', '/datasets', '/maps/counties']) {
      const body = bodyOf((await page(path)).html);
      expect(body, path).toContain(escaped(t('footer.rights')));
      expect(body, path).toMatch(
        /<p[^>]*>The data are under their publishers&#x27; licences, named with each <a href="\/datasets"[^>]*>dataset<\/a>\.<\/p>/,
      );
    }
    expect(bodyOf((await page('/', { cookie: 'lang=sw' })).html)).toContain(
      'Data ziko chini ya leseni za wachapishaji wake',
    );
  });

  it("tells the two electricity access figures apart where each is shown, in the reader's language", async () => {
    const countyMap = `/maps/counties?source=energy%2Faccess&variable=${encodeURIComponent('Electricity access')}`;
    for (const language of ['en', 'sw'] as const) {
      const t = translator(language);
      const headers = { cookie: `lang=${language}` };
      // The landing page's World Bank figure counts people; the county map's census figure, households' lighting.
      const landing = bodyOf((await page('/', headers)).html);
      expect(landing, language).toContain(escaped(t('caveat.populationAccess')));
      expect(landing, language).not.toContain(escaped(t('caveat.householdLighting')));
      const map = bodyOf((await page(countyMap, headers)).html);
      expect(map, language).toContain(escaped(t('caveat.householdLighting')));
      expect(map, language).toContain('% of conventional households');
    }
  });

  it('answers an unknown address, /404 and a page whose subject does not exist with the not-found page and 404', async () => {
    for (const path of [
      '/no/such/page',
      '/404',
      '/datasets/no-such-dataset',
      '/sectors/nowhere',
      '/counties/atlantis',
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(bodyOf(html), path).toContain('Page not found');
    }
  });

  it('sends the addresses a page would send the reader on to with a redirect', async () => {
    const home = await server.fetch('/sectors/energy/access', { redirect: 'manual' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/sectors/energy/access/timeseries');
    const layer = await server.fetch('/sectors/energy/infrastructure/raster/No_Such_Layer', { redirect: 'manual' });
    expect(layer.headers.get('location')).toBe('/404');
  });

  it('renders two pages in different languages at the same time, each in its own', async () => {
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) => page('/sectors', { cookie: `lang=${i % 2 ? 'sw' : 'en'}` })),
    );
    pages.forEach(({ html }, i) => {
      expect(html).toContain(`<html lang="${i % 2 ? 'sw' : 'en'}">`);
      expect(bodyOf(html)).toMatch(i % 2 ? /<h1[^>]*>Sekta<\/h1>/ : /<h1[^>]*>Sectors<\/h1>/);
    });
  });

  it("opens in the reader's language: ?lang= (remembered), the cookie, else the browser's languages", async () => {
    const asked = await page('/sectors?lang=sw');
    expect(asked.html).toContain('<html lang="sw">');
    expect(asked.headers.get('set-cookie')).toMatch(/^lang=sw;.*Path=\/.*SameSite=Lax/);
    const browser = await page('/sectors', { 'accept-language': 'sw-KE,en;q=0.5' });
    expect(browser.html).toContain('<html lang="sw">');
    expect(browser.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
    expect(browser.headers.get('cache-control')).toBe('no-cache');
  });

  it("names the Atom feed of its data in a page's head, in the reader's language, for feed readers to find", async () => {
    const feedLinks = (html: string) =>
      [
        ...html
          .slice(0, html.indexOf('</head>'))
          .matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"\/>/g),
      ].map(([, type, title, href]) => ({ type, title, href }));
    for (const [path, feed] of [
      ['/', '/api/v1/feed.atom'],
      ['/datasets/wdi-kenya', '/api/v1/datasets/wdi-kenya/feed.atom'],
      ['/sectors/energy/access/timeseries', '/api/v1/sectors/energy/sources/access/feed.atom'],
      ['/filters/raster/energy/access', '/api/v1/sectors/energy/sources/access/feed.atom'],
      ['/counties/turkana', '/api/v1/counties/turkana/feed.atom'],
    ]) {
      const [link] = feedLinks((await page(path)).html);
      expect(link, path).toMatchObject({ type: 'application/atom+xml', href: feed });
      // The link's title is the feed's own.
      const answer = await server.fetch(link.href);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toContain(`<title>${link.title.replace(/&#x27;/g, "'")}</title>`);
    }
    const [swahili] = feedLinks((await page('/counties/turkana', { cookie: 'lang=sw' })).html);
    expect(swahili).toMatchObject({
      title: 'Kaunti ya Turkana: matoleo mapya ya seti za data zenye data yake',
      href: '/api/v1/counties/turkana/feed.atom?lang=sw',
    });
    expect(feedLinks((await page('/datasets')).html)).toEqual([]);
  });

  it('writes absolute addresses from the public address, whatever Host the request names', async () => {
    const { html } = await page('/datasets/wdi-kenya', { host: 'evil.example' });
    expect(html).toContain(`${TEST_PUBLIC_URL}/datasets/wdi-kenya`);
    expect(html).not.toContain('evil.example');
  });

  it('lets only scripts with the answer’s nonce run: the data a page hydrates from carries it', async () => {
    const { headers, html } = await page('/');
    const nonce = headers.get('content-security-policy')?.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts.filter((a) => !a.includes('application/ld+json')))
      expect(attributes).toContain(`nonce="${nonce}"`);
    // A new nonce for every answer.
    expect((await page('/')).headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('renders the account pages without anybody’s data: the same frame for every visitor', async () => {
    const email = 'reader@example.org';
    const cookie = await loginAs(server.db, email);
    const { html, headers } = await page('/account', { cookie });
    expect(bodyOf(html)).toContain('My account');
    // The visitor's own data load in the browser, from the API, never in the page's HTML.
    expect(html).not.toContain(email);
    expect(headers.get('set-cookie')).toBeNull();
  });

  it('answers a missing asset with 404, not with a page', async () => {
    const missing = await server.fetch('/assets/app-0ld0ld.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
  });
});
