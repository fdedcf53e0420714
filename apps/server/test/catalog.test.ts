import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  LayerSummarySchema,
  PartnerSchema,
  SectorCardSchema,
  SectorDetailSchema,
  SiteSchema,
  SourceDetailSchema,
  SourceListingSchema,
} from '@portal/contract/catalog';
import { licenceToVerify } from '@portal/contract/licences';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { CATALOG_DIR } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { buildTestApp, type TestApp } from './test-server.ts';

const files = (name: string) => JSON.parse(readFileSync(join(CATALOG_DIR, name), 'utf8'));
const sectorsFile = files('sectors.json') as {
  slug: string;
  title: string;
  intro: string | null;
  sources: { slug: string; title: string; inSectorList?: boolean; externalSlug?: string }[];
}[];
const layersFile = files('layers.json') as { name: string; kind: string; file: string; sources: string[] }[];
const linksFile = files('external-links.json') as Record<string, { url: string }[]>;
const partnersFile = files('partners.json') as { name: string; url: string }[];
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`catalogue API on ${dialect}`, () => {
    let server: TestApp;
    const get = <T>(path: string, schema: z.ZodMiniType<T>) => getJson(server, path, schema);

    beforeAll(async () => {
      server = await buildTestApp(dialect);
    });
    afterAll(async () => {
      await server.close();
    });

    it('lists the five sectors in catalogue order with links to their pages', async () => {
      const sectors = await get(API.sectors, z.array(SectorCardSchema));
      expect(sectors.map((s) => s.link)).toEqual(sectorsFile.map((s) => `/sectors/${s.slug}`));
      expect(sectors.map((s) => s.title)).toEqual([
        'Agricultural / Land',
        'Water',
        'Energy',
        'Macro-Economics',
        'Climate',
      ]);
    });

    it('gives a sector landing its intro and the sources it lists', async () => {
      const water = await get(API.sector('water'), SectorDetailSchema);
      const expected = sectorsFile.find((s) => s.slug === 'water')!;
      expect(water.intro).toBe(expected.intro);
      expect(water.sources.map((s) => s.title)).toEqual(
        expected.sources.map((s) => s.title).sort((a, b) => collator.compare(a, b)),
      );
      expect(water.sources[0]).toMatchObject({
        dataSourceHeaderID: expect.any(String),
        dataSourceBodyID: expect.any(String),
      });
      const climate = await get(API.sector('climate'), SectorDetailSchema);
      expect(climate.sources.map((s) => s.slug)).not.toContain('historical-climate');
    });

    it('lists every source across sectors sorted by title, locale-aware', async () => {
      const sources = await get(API.sources, z.array(SourceListingSchema));
      const all = sectorsFile.flatMap((sector) =>
        sector.sources.map((s) => ({ title: s.title, sectorTitle: sector.title })),
      );
      const sorted = [...all].sort(
        (a, b) => collator.compare(a.title, b.title) || collator.compare(a.sectorTitle, b.sectorTitle),
      );
      expect(sources.map((s) => `${s.title} (${s.sectorTitle})`)).toEqual(
        sorted.map((s) => `${s.title} (${s.sectorTitle})`),
      );
      expect(sources.find((s) => s.slug === 'carbon')?.dataPageURL).toBe('/sectors/agriculture/carbon');
      expect(sources.some((s) => s.slug === 'historical-climate')).toBe(true);
    });

    it("gives a source's layers (vector ones marked '(sh)') and external links", async () => {
      const source = await get(API.source('energy', 'infrastructure'), SourceDetailSchema);
      const layers = layersFile.filter((l) => l.sources.includes('energy/infrastructure'));
      expect(source.layers.map((l) => l.menuLabel)).toEqual(
        layers.map((l) => (l.kind === 'vector' ? `${l.name}(sh)` : l.name)),
      );
      expect(source.externalLinks.map((l) => l.url)).toEqual(
        (linksFile['energy/infrastructure'] ?? []).map((l) => l.url),
      );
      expect(source.title).toBe('Infrastructure');
      expect(source.sectorTitle).toBe('Energy');
    });

    it("answers water's ecosystem under both slugs", async () => {
      const viaExternal = await get(API.source('water', 'ecosystems'), SourceDetailSchema);
      const viaSlug = await get(API.source('water', 'ecosystem'), SourceDetailSchema);
      expect(viaExternal).toEqual(viaSlug);
      expect(viaSlug).toMatchObject({ slug: 'ecosystem', externalSlug: 'ecosystems' });
    });

    it('lists all layers, the partners and the site texts', async () => {
      const layers = await get(API.layers, z.array(LayerSummarySchema));
      expect(layers.map((l) => l.name)).toEqual(layersFile.map((l) => l.name));
      // The layers on files the portal computes under data/raw/derived/ say so.
      expect(layers.filter((l) => l.derivedFrom).map((l) => l.name)).toEqual(
        layersFile.filter((l) => l.file.startsWith('derived/')).map((l) => l.name),
      );
      expect(await get(API.partners, z.array(PartnerSchema))).toEqual(files('partners.json'));
      expect(partnersFile).toHaveLength(7);
      // The Swahili About texts go to Swahili readers only (language.test.ts).
      const { sw: _swahili, ...english } = files('site.json');
      expect(await get(API.site, SiteSchema)).toEqual(english);
    });

    it("shows each layer's licence as settled from its publisher's terms, none of them still to verify", async () => {
      const layers = await get(API.layers, z.array(LayerSummarySchema));
      for (const layer of layers) expect(licenceToVerify(layer.licence), layer.name).toBe(false);
      expect(layers.find((l) => l.name === 'Coal and Gas Projects 2022')?.licence).toMatch(/^CC BY-NC-SA 4\.0/);
      expect(layers.find((l) => l.name === 'Dams')?.licence).toMatch(/^CC BY 4\.0 \(FAO/);
      expect(layers.find((l) => l.name === 'Electricity Access 2019')?.licence).toMatch(
        /^No licence stated by the publisher/,
      );
    });

    it('serves the partner logos as SVG', async () => {
      const response = await server.fetch(`${files('partners.json')[0].logo}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
    });

    it('answers 404 with a clear message for unknown sectors, sources and API paths', async () => {
      for (const path of [
        API.sector('mining'),
        API.source('energy', 'coal'),
        API.source('water', 'nothing'),
        '/api/v1/nowhere',
      ]) {
        const response = await server.fetch(path);
        expect(response.status).toBe(404);
        const body = ApiErrorSchema.parse(await response.json());
        expect(body.error.code).toBe('NOT_FOUND');
        expect(body.error.message).toMatch(/not found|No route/);
      }
    });

    it('answers 400 naming the parameter when a path parameter is malformed', async () => {
      const response = await server.fetch(`/api/v1/sectors/Bad%20Sector!`);
      expect(response.status).toBe(400);
      const body = ApiErrorSchema.parse(await response.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain('sector');
    });
  });
}

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json and lists the open and spec routes', async () => {
    const server = await buildTestApp('sqlite');
    try {
      const response = await server.fetch(`${API.openapi}`);
      expect(response.status).toBe(200);
      const doc = (await response.json()) as any;
      expect(doc.openapi).toMatch(/^3\./);
      const paths = Object.keys(doc.paths);
      for (const path of [
        '/api/v1/sectors',
        '/api/v1/sectors/{sector}/sources/{source}/observations',
        '/api/get-data/',
        '/api/timeseries-download/',
      ]) {
        expect(paths).toContain(path);
      }
      expect(paths).not.toContain(API.docs);
      expect(paths).not.toContain(API.openapi);
    } finally {
      await server.close();
    }
  });
});
