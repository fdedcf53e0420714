import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countySlug } from '@portal/contract/counties';
import { testDialects } from '@portal/db/testing';
import { CATALOG_DIR, manifestIds } from '@portal/importer';
import { buildTestApp, type TestApp } from './test-server.ts';

const PUBLIC_URL = 'https://data.example.ke';

interface CatalogSector {
  slug: string;
  sources: { slug: string; externalSlug?: string }[];
}
const sectors = JSON.parse(readFileSync(join(CATALOG_DIR, 'sectors.json'), 'utf8')) as CatalogSector[];
const layers = JSON.parse(readFileSync(join(CATALOG_DIR, 'layers.json'), 'utf8')) as {
  name: string;
  sources: string[];
}[];

/** Every shipped dataset is loaded for the test; each has a page. */
const DATASETS = manifestIds();

/** The counties' canonical names; the census table gives each of them a value, so each has a profile. */
const counties = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../data/sources/locations.json'), 'utf8')) as {
    locations: { name: string; kind: string }[];
  }
).locations.filter((l) => l.kind === 'county');

/** The public pages, worked out from the catalogue files rather than from the database. */
function expectedPages(): string[] {
  const pages = [
    '/',
    '/sectors',
    '/filters',
    '/about',
    '/partners',
    '/datasets',
    '/counties',
    '/counties/compare',
    '/maps/counties',
    '/filters/timeseries/overview',
    '/filters/raster/overview',
    '/filters/external/overview',
  ];
  for (const dataset of DATASETS) pages.push(`/datasets/${dataset}`);
  for (const county of counties) pages.push(`/counties/${countySlug(county.name)}`);
  for (const sector of sectors) {
    pages.push(`/sectors/${sector.slug}`);
    for (const source of sector.sources) {
      const external = source.externalSlug ?? source.slug;
      pages.push(
        `/sectors/${sector.slug}/${source.slug}/timeseries`,
        `/sectors/${sector.slug}/${source.slug}/raster`,
        `/sectors/${sector.slug}/${external}/external`,
      );
      pages.push(
        `/filters/timeseries/${sector.slug}/${source.slug}`,
        `/filters/raster/${sector.slug}/${source.slug}`,
        `/filters/external/${sector.slug}/${external}`,
      );
    }
  }
  for (const layer of layers) {
    const param = layer.name.replace(/ /g, '_');
    pages.push(`/filters/raster/${param}`);
    for (const source of layer.sources)
      pages.push(`/sectors/${source}/raster/${param}`, `/filters/raster/${source}/${param}`);
  }
  return pages.map((path) => PUBLIC_URL + encodeURI(path));
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`sitemap and robots.txt on ${dialect}`, () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await buildTestApp(dialect, { publicUrl: PUBLIC_URL, template: 'data' });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    it('lists every public page of the catalogue under the public address, once', async () => {
      const response = await server.fetch(`/sitemap.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/xml');
      const xml = await response.text();
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs.sort()).toEqual(expectedPages().sort());
      // The spec's quirk: water's ecosystem source has its external page under 'ecosystems'.
      expect(locs).toContain(`${PUBLIC_URL}/sectors/water/ecosystems/external`);
      expect(locs).toContain(`${PUBLIC_URL}/filters/raster/Power_Stations`);
      expect(locs.some((loc) => loc.includes('/account') || loc.includes('/login'))).toBe(false);
    });

    it('lets crawlers read the public pages and the API reference, not the account pages or the API', async () => {
      const response = await server.fetch(`/robots.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const lines = (await response.text()).split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const line of [
        'Allow: /',
        'Allow: /api/docs',
        'Allow: /api/openapi.json',
        'Allow: /api/v1/catalog',
        'Disallow: /search',
        'Disallow: /api/',
        'Disallow: /account',
        'Disallow: /login',
        'Disallow: /signup',
      ]) {
        expect(lines).toContain(line);
      }
      // The reference's Allow precedes the API's Disallow, for crawlers that take the first match.
      expect(lines.indexOf('Allow: /api/docs')).toBeLessThan(lines.indexOf('Disallow: /api/'));
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });
  });
}
