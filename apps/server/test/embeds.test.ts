import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFigure } from '@portal/contract/figure-format';
import { ImageDataSchema } from '@portal/contract/images';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { PAGE_ROUTES } from '@portal/contract/pages';
import { API, EMBED_PREFIX } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

// The embeds (ADR 0043): a view alone, rendered by the server without any script, which other sites
// may frame, unlike every other page. They read the data, so they run on both databases.
const EMBEDS = PAGE_ROUTES.filter((route) => route.path.startsWith(EMBED_PREFIX));
const MAP = '/embed/maps/counties?source=agriculture%2Fland&variable=Vegetation+index+%28NDVI%29';

/** Text as React DOM's server renderer escapes it. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const unescaped = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => unescaped(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`embeds on ${dialect}`, () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data', withPages: true });
    }, 240_000);
    afterAll(() => server?.close());

    const page = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await server.fetch(path, { headers });
      const html = await answer.text();
      const image = /<img class="embed-image"[^>]*>/.exec(html)?.[0] ?? '';
      const link = /<footer class="embed-footer">[\s\S]*?(<a [^>]*>)/.exec(html)?.[1] ?? '';
      return { status: answer.status, headers: answer.headers, html, image, link };
    };
    /** The image data of an embed's view: what its image draws. */
    const imageData = (path: string) => getJson(server, path, ImageDataSchema);

    it.each(EMBEDS)('$id: its view alone, framable by any site, with no script at all', async ({ sample, shows }) => {
      const { status, headers, html, image, link } = await page(sample);
      expect(status).toBe(200);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escaped(shows).replace(/[()]/g, '\\$&')}</h1>`));
      expect(html).not.toContain('<script');
      // Not the portal's top bar or footer.
      expect(html).not.toContain('top-bar');
      expect(headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(headers.get('x-frame-options')).toBeNull();
      expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');

      // The server's image of the view, which the frame's page may show from the portal.
      expect(attribute(image, 'width')).toBe('1200');
      expect(attribute(image, 'height')).toBe('630');
      const png = await server.fetch(attribute(image, 'src'));
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(attribute(image, 'alt')).toContain(shows);

      // A link to the full page, opened outside the frame, in the embed's language.
      expect(attribute(link, 'href')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/.*[?&]lang=en`));
      expect(attribute(link, 'target')).toBe('_blank');
      expect(attribute(link, 'rel')).toBe('noopener');
    });

    it('writes the values the image draws in its alternative text, and names the source and licence', async () => {
      const timeseries = EMBEDS.find((route) => route.id === 'embed-timeseries')!.sample;
      const data = await imageData(`${API.timeseriesImage('json')}${timeseries.slice(timeseries.indexOf('?'))}`);
      const { image, html } = await page(timeseries);
      const alt = attribute(image, 'alt');
      expect(data.rows.length).toBeGreaterThan(0);
      for (const row of data.rows) {
        const [, , location, value] = row;
        expect(alt).toContain(`${String(location)}: ${formatFigure(Number(value), 'en')}`);
      }
      for (const dataset of data.datasets) {
        expect(html).toContain(escaped(dataset.publisher));
        // Each licence once, without its closing full stop.
        expect(html).toContain(escaped(dataset.licence.replace(/\.$/, '')));
      }

      const map = await imageData(`${API.choroplethImage('json')}${MAP.slice(MAP.indexOf('?'))}`);
      const values = map.rows.map((row) => Number(row[2])).filter((value) => !Number.isNaN(value));
      const mapAlt = attribute((await page(MAP)).image, 'alt');
      expect(mapAlt).toContain(formatFigure(Math.max(...values), 'en'));
      expect(mapAlt).toContain(formatFigure(Math.min(...values), 'en'));
      expect(mapAlt).toContain(map.period);
    });

    it("chooses the county map's period with a plain form that asks the same embed again", async () => {
      const { html } = await page(MAP);
      const form = /<form[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      expect(attribute(/<form[^>]*>/.exec(form)![0], 'method')).toBe('get');
      expect(attribute(/<form[^>]*>/.exec(form)![0], 'action')).toBe('/embed/maps/counties');
      const fields = new URLSearchParams(
        [...form.matchAll(/<input type="hidden"[^>]*>/g)].map((input): [string, string] => [
          attribute(input[0], 'name'),
          attribute(input[0], 'value'),
        ]),
      );
      expect(Object.fromEntries(fields)).toEqual({
        source: 'agriculture/land',
        variable: 'Vegetation index (NDVI)',
        lang: 'en',
      });
      const periods = [...form.matchAll(/<option[^>]*value="([^"]+)"/g)].map((match) => match[1]);
      const selected = /<option[^>]*selected=""[^>]*value="([^"]+)"|<option[^>]*value="([^"]+)"[^>]*selected=""/.exec(
        form,
      );
      expect(periods.length).toBeGreaterThan(1);
      expect(selected?.[1] ?? selected?.[2]).toBe(periods[0]);

      // The form sent with an older period: that period's map.
      fields.set('period', periods[1]);
      const older = await page(`/embed/maps/counties?${fields.toString()}`);
      expect(older.status).toBe(200);
      const data = await imageData(`${API.choroplethImage('json')}?${fields.toString()}`);
      expect(attribute(older.image, 'alt')).toContain(data.period);
      expect(attribute(older.image, 'src')).toContain(`period=${periods[1]}`);
    });

    it("opens in the reader's language, and keeps it in its image, links and form", async () => {
      const { html, image, link } = await page(`${MAP}&lang=sw`);
      expect(html).toContain('<html lang="sw">');
      expect(attribute(image, 'src')).toContain('lang=sw');
      expect(attribute(link, 'href')).toContain('lang=sw');
      expect(html).toContain('<input type="hidden" name="lang" value="sw"/>');
      expect(html).toContain(escaped(translator('sw')('embed.show')));
      const cookie = await page('/embed/counties/turkana', { cookie: 'lang=sw' });
      expect(cookie.html).toContain(
        `<h1 class="embed-title">${escaped(translator('sw')('image.county.title', { county: 'Turkana' }))}</h1>`,
      );
    });

    it("answers an address the preview refuses with 400 and the preview's own words, never a 500", async () => {
      const t = translator('en');
      for (const [path, message] of [
        [
          '/embed/timeseries?source=energy%2Faccess&start=2019-12-31&end=2019-01-01&variable=Electricity+access&location=Nairobi',
          t('timeseries.order'),
        ],
        ['/embed/maps/counties?source=agriculture%2Fland', t('choropleth.noVariable')],
      ] as const) {
        const { status, headers, html } = await page(path);
        expect(status, path).toBe(400);
        expect(html, path).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${escaped(message)}`));
        expect(html, path).not.toContain('<script');
        expect(headers.get('content-security-policy'), path).toContain('frame-ancestors *');
      }
    });

    it('answers an unknown county or source with the not-found page and 404', async () => {
      for (const path of [
        '/embed/counties/atlantis',
        '/embed/counties/Not_A_Slug',
        '/embed/timeseries?source=nowhere%2Fnothing&start=2019-01-01&end=2019-12-31&variable=x&location=y',
      ]) {
        const { status, html } = await page(path);
        expect(status, path).toBe(404);
        expect(html, path).toContain('Page not found');
      }
    });

    it('keeps every other page unframable, whatever its path says on the way', async () => {
      for (const path of ['/', '/maps/counties', '/counties/homa-bay', '/embed/../account', '/embed/%2e%2e/login']) {
        const { headers } = await page(path);
        expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
        expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
        expect(headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      }
    });
  });
}
