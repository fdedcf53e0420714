import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@portal/contract/errors';
import { IMAGE_SIZES } from '@portal/contract/images';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { PALETTE, pngHeader } from '@portal/testing/png';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

const card = (path: string, lang = 'en') => API.pageCard(path, lang);

/** The content of a page's `<meta property=...>` (or `name=`), with React's escape of `&` undone. */
const metaOf = (html: string, property: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)]
    .find((match) => match[1] === property)?.[2]
    ?.replace(/&amp;/g, '&');

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`social cards on ${dialect}`, () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data', withPages: true });
    }, 240_000);
    afterAll(() => server?.close());

    const html = async (path: string, lang = 'en') =>
      (await server.fetch(path, { headers: { cookie: `lang=${lang}` } })).text();

    it('gives every page Open Graph and Twitter card tags with an absolute 1200x630 image in its language', async () => {
      const pages = {
        '/datasets': `${TEST_PUBLIC_URL}${card('/datasets')}`,
        '/sectors/energy': `${TEST_PUBLIC_URL}${card('/sectors/energy')}`,
        '/counties/turkana': `${TEST_PUBLIC_URL}${API.countyImage('turkana', 'png')}?lang=en`,
        '/counties/compare?c=kwale&c=lamu': `${TEST_PUBLIC_URL}${API.compareImage('png')}?c=kwale&c=lamu&lang=en`,
      };
      for (const [path, image] of Object.entries(pages)) {
        const page = await html(path);
        expect(metaOf(page, 'og:image'), path).toBe(image);
        expect(metaOf(page, 'og:url'), path).toBe(`${TEST_PUBLIC_URL}${path}`);
        expect(metaOf(page, 'og:image:width')).toBe(String(IMAGE_SIZES.card.width));
        expect(metaOf(page, 'og:image:height')).toBe(String(IMAGE_SIZES.card.height));
        expect(metaOf(page, 'og:title'), path).toBe(/<title>([^<]*)<\/title>/.exec(page)?.[1]?.replace(/&amp;/g, '&'));
        expect(metaOf(page, 'og:image:alt'), path).toBeTruthy();
        expect(metaOf(page, 'og:description'), path).toBeTruthy();
        expect(metaOf(page, 'twitter:card')).toBe('summary_large_image');
      }
      // The county map and a timeseries selection show their own chart.
      const map = metaOf(
        await html('/maps/counties?source=energy%2Faccess&variable=Electricity+access', 'sw'),
        'og:image',
      );
      expect(map).toBe(
        `${TEST_PUBLIC_URL}${API.choroplethImage('png')}?source=energy%2Faccess&variable=Electricity+access&lang=sw`,
      );
      const chart = metaOf(
        await html(
          '/sectors/energy/access/timeseries?start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi',
        ),
        'og:image',
      );
      expect(chart).toBe(
        `${TEST_PUBLIC_URL}${API.timeseriesImage('png')}?source=energy%2Faccess&start=2019-01-01&end=2019-12-31&variable=Electricity+access&location=Nairobi&lang=en`,
      );
    });

    it('draws a page’s card as a 1200x630 PNG other sites may show, revalidated by an ETag of its words', async () => {
      const response = await server.fetch(card('/datasets'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(pngHeader(Buffer.from(await response.arrayBuffer()))).toEqual({
        ...IMAGE_SIZES.card,
        colourType: PALETTE,
      });
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]{32}"$/);

      const again = await server.fetch(card('/datasets'), { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // Another page, or the same page in Swahili, says other words: another ETag.
      const others = await Promise.all(
        [card('/sectors'), card('/datasets', 'sw'), card('/datasets?publisher=World+Bank')].map(async (path) => {
          const other = await server.fetch(path);
          expect(other.status, path).toBe(200);
          return other.headers.get('etag');
        }),
      );
      expect(new Set([etag, ...others]).size).toBe(4);
    }, 60_000);

    it('refuses an address that is not one of the portal’s pages, in the reader’s language', async () => {
      for (const lang of ['en', 'sw'] as const) {
        const t = translator(lang);
        for (const path of ['https://example.org/', '//example.org/x', '/api/v1/site', 'datasets']) {
          const response = await server.fetch(card(path, lang));
          expect(response.status, path).toBe(400);
          expect(ApiErrorSchema.parse(await response.json()).error.message, path).toContain(t('issue.cardPath'));
        }
      }
      for (const path of ['/no-such-page', '/counties/atlantis']) {
        const response = await server.fetch(card(path));
        expect(response.status, path).toBe(404);
        expect(ApiErrorSchema.parse(await response.json()).error.message).toBe(
          translator('en')('error.noRoute', { method: 'GET', path }),
        );
      }
    });
  });
}
