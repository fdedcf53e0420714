import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { SectorCardSchema, SiteSchema, SourceDetailSchema } from '@portal/contract/catalog';
import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { LocationSchema, VariableSchema } from '@portal/contract/timeseries';
import { seedTimeseries } from '@portal/db/testing';
import { ROOT_DIR } from '../src/config.ts';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import '@portal/contract/messages-sw';

// The web app as `npm run build` writes it (npm test builds it first): the browsers' build in dist
// and the server's build of the pages it draws in dist-ssr (ADR 0029).
describe('pages the server draws', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await buildTestApp('sqlite', { webDir: join(ROOT_DIR, 'apps/web/dist') });
    // The catalogue comes without observations: one small series (made up for this test) gives the
    // timeseries page a variable and two locations to draw.
    await seedTimeseries(server.db, {
      dataset: 'census-lighting',
      variables: [{ sources: ['energy/access'], name: 'Electricity access', unit: '%', period: 'year' }],
      locations: [
        { name: 'Kenya', kind: 'country' },
        { name: 'Nairobi', countyCode: 47 },
      ],
      observations: [
        ['Electricity access', 'Kenya', '2019-01-01', 50],
        ['Electricity access', 'Nairobi', '2019-01-01', 80],
      ],
    });
  });
  afterAll(async () => server?.close());

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await server.fetch(path, { headers });
    expect(answer.status, path).toBe(200);
    return answer.text();
  };
  const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*)<\/div>\s*<\/body>/)?.[1] ?? '';
  const answersOf = (html: string) =>
    JSON.parse(
      html.match(/<script type="application\/json" id="drawn-answers"[^>]*>([^<]*)<\/script>/)?.[1] ?? 'null',
    ) as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    } | null;
  // Text as React DOM's server renderer escapes it.
  const escaped = (text: string) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');

  it('sends the landing page drawn, in the title and with the answers it was drawn from', async () => {
    const site = SiteSchema.parse((await call(server, API.site)).body);
    const highlights = HighlightsResponseSchema.parse((await call(server, API.highlights)).body);
    const html = await page('/');
    const root = rootOf(html);
    const t = translator('en');
    expect(root).toContain(escaped(t('home.welcome', { siteName: site.name })));
    expect(root).toContain(escaped(t('home.figures.heading')));
    // Drawn from the answers, never as a loading state (this database holds the catalogue without observations).
    expect(root).not.toContain('spinner-border');
    if (highlights.figures.length === 0) expect(root).toContain(escaped(t('home.figures.none')));
    for (const figure of highlights.figures) expect(root).toContain(escaped(figure.variable));
    for (const record of highlights.longestRecords) expect(root).toContain(escaped(record.title));
    expect(html).toContain(`<title>${escaped(site.name)}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped(t('home.lead')).replace(/"/g, '&quot;')}"`);
    const answers = answersOf(html);
    expect(answers?.queries.map((query) => query.queryKey).sort()).toEqual([['highlights'], ['site']]);
    // The answers are in the page, with their addresses for the service worker: the page does not ask for them again.
    expect(html).toContain(`id="drawn-answers" data-from="${API.site} ${API.highlights}"`);
    expect(html).not.toMatch(/<link rel="preload" as="fetch"/);
  });

  it('draws a shared Swahili link in Swahili, with the catalogue texts in Swahili', async () => {
    const sectors = z
      .array(SectorCardSchema)
      .parse((await call(server, API.sectors, { headers: { cookie: 'lang=sw' } })).body);
    const html = await page('/sectors?lang=sw');
    expect(html).toMatch(/<html lang="sw"/);
    const root = rootOf(html);
    expect(root).toContain(`<h1 class="h2 mb-2">${escaped(translator('sw')('sectors.title'))}</h1>`);
    for (const sector of sectors) expect(root).toContain(escaped(sector.title));
    expect(answersOf(html)?.queries.find((query) => query.queryKey[0] === 'sectors')?.state.data).toEqual(sectors);
  });

  it('draws pages asked for together each in its own language', async () => {
    const welcome = (language: 'en' | 'sw') =>
      escaped(translator(language)('home.welcome', { siteName: '' }).trim()).slice(0, 12);
    const languages = Array.from({ length: 12 }, (_, i): 'en' | 'sw' => (i % 2 ? 'sw' : 'en'));
    const pages = await Promise.all(languages.map((language) => page(`/?lang=${language}`)));
    pages.forEach((html, i) => expect(rootOf(html)).toContain(welcome(languages[i])));
  });

  it("draws a source's timeseries page with its variables and locations, and a shared link's code at the address the visitor used", async () => {
    const source = SourceDetailSchema.parse((await call(server, API.source('energy', 'access'))).body);
    const variables = z.array(VariableSchema).parse((await call(server, API.variables('energy', 'access'))).body);
    const locations = z.array(LocationSchema).parse((await call(server, API.locations('energy', 'access'))).body);
    const t = translator('en');
    const root = rootOf(await page('/sectors/energy/access/timeseries'));
    expect(root).toContain(escaped(t('source.title', { sector: source.sectorTitle, source: source.title })));
    expect(variables.map((variable) => variable.name)).toEqual(['Electricity access']);
    expect(locations.length).toBeGreaterThanOrEqual(2);
    for (const variable of variables) expect(root).toContain(escaped(variable.name));
    for (const location of locations) expect(root).toContain(escaped(location.name));
    expect(root).toContain(escaped(t('timeseries.code.incomplete')));
    expect(root).not.toContain('spinner-border');

    // A shared link with a whole choice: its code names the portal as the visitor reached it.
    const variable = variables[0].name;
    const shared = await page(
      `/sectors/energy/access/timeseries?start=2019-01-01&end=2019-12-31&variable=${encodeURIComponent(variable)}&location=Nairobi`,
      {
        host: 'data.example.org',
      },
    );
    expect(rootOf(shared)).toContain(`http://data.example.org${API.observations('energy', 'access')}?`);
    expect(
      answersOf(shared)
        ?.queries.map((query) => query.queryKey[0])
        .sort(),
    ).toEqual(['locations', 'site', 'source', 'variables']);
  });

  it("draws a source's map page with its layers' legend and details, and Kenya's outline where the map will be", async () => {
    const source = SourceDetailSchema.parse((await call(server, API.source('agriculture', 'land'))).body);
    const t = translator('en');
    const html = await page('/sectors/agriculture/land/raster');
    const root = rootOf(html);
    expect(root).toContain(escaped(t('source.title', { sector: source.sectorTitle, source: source.title })));
    expect(root).toContain(escaped(t('source.rasterLead', { sector: source.sectorTitle, source: source.title })));
    expect(root).toContain(escaped(t('maps.hint')));
    expect(source.layers.length).toBeGreaterThan(0);
    for (const layer of source.layers) expect(root).toContain(escaped(layer.description));
    // The outline stands in the map's place, at the spec's opening view; the map itself is drawn in the browser.
    expect(root).toContain(
      `<div class="raster-map outline-preview"><img src="${API.mapOutlineImage}" alt="${escaped(t('maps.outline'))}" style="left:calc(50% + `,
    );
    expect(root).not.toContain('data-needs-app');
    expect(root).not.toContain('leaflet');
    expect(
      answersOf(html)
        ?.queries.map((query) => query.queryKey[0])
        .sort(),
    ).toEqual(['map-config', 'site', 'source', 'wms']);

    // An address that names layers to show asks for the map at once.
    expect(
      rootOf(await page(`/sectors/agriculture/land/raster?show=${encodeURIComponent(source.layers[0].name)}`)),
    ).toContain('data-needs-app="true"');
  });

  it('leaves a page that sends the visitor on to the web app: the map page of an unknown layer', async () => {
    const html = await page('/sectors/agriculture/land/raster/No_Such_Layer');
    expect(rootOf(html)).toBe('');
    expect(html).not.toContain('drawn-answers');
  });

  it('leaves every other page to the web app, with the answers it will ask for preloaded', async () => {
    const html = await page('/about');
    expect(rootOf(html)).toBe('');
    expect(html).not.toContain('drawn-answers');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${API.site}">`);
  });

  it('leaves a page whose answer failed to the web app: the timeseries page of an unknown source', async () => {
    expect((await call(server, API.source('agriculture', 'unknown-source'))).status).toBe(404);
    const html = await page('/sectors/agriculture/unknown-source/timeseries');
    expect(rootOf(html)).toBe('');
    expect(html).not.toContain('drawn-answers');
  });
});
