import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CatalogRows,
  findSource,
  listExternalLinks,
  listLayers,
  listSources,
  readMeta,
  saveCatalog,
  writeMeta,
} from '../src/queries/catalog.queries.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../src/testing.ts';

function makeCatalog(overrides: Partial<CatalogRows> = {}): CatalogRows {
  return {
    sectors: [{ slug: 'water', title: 'Water', description: 'd', intro: 'Water intro', position: 0 }],
    sources: [
      {
        id: 'water/lakes',
        sector_slug: 'water',
        slug: 'lakes',
        external_slug: 'lakes',
        title: 'Lakes',
        description: 'l',
        in_sector_list: 1,
        position: 1,
      },
      {
        id: 'water/ecosystem',
        sector_slug: 'water',
        slug: 'ecosystem',
        external_slug: 'ecosystems',
        title: 'Ecosystem',
        description: 'e',
        in_sector_list: 1,
        position: 0,
      },
      {
        id: 'water/hidden',
        sector_slug: 'water',
        slug: 'hidden',
        external_slug: 'hidden',
        title: 'Hidden',
        description: 'h',
        in_sector_list: 0,
        position: 2,
      },
    ],
    layers: [
      {
        name: 'Lakes',
        kind: 'vector',
        file: 'a.geojson',
        feature_filter: null,
        description: 'x',
        publisher: 'p',
        licence: 'l',
        source_url: 'https://example.org',
        position: 0,
        style: null,
        citation: null,
        west: null,
        south: null,
        east: null,
        north: null,
        sourceIds: ['water/lakes', 'water/ecosystem'],
      },
    ],
    externalLinks: [
      {
        source_id: 'water/lakes',
        position: 0,
        category: 'Lakes',
        url: 'https://example.org/lakes',
        organisation: 'Org',
      },
    ],
    partners: [{ position: 0, name: 'P', url: 'https://example.org', logo: '/media/logos/p.svg' }],
    ...overrides,
  };
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`catalogue queries on ${dialect}`, () => {
    let handle: TestDatabase;
    beforeEach(async () => {
      handle = await openTestDatabase(dialect);
    });
    afterEach(async () => {
      await handle.cleanup();
    });

    it('saves a catalogue and lists sources in sector order, optionally only those a landing lists', async () => {
      await saveCatalog(handle.db, makeCatalog());
      expect((await listSources(handle.db)).map((s) => s.slug)).toEqual(['ecosystem', 'lakes', 'hidden']);
      expect((await listSources(handle.db, { sector: 'water', onlySectorListed: true })).map((s) => s.slug)).toEqual([
        'ecosystem',
        'lakes',
      ]);
      expect((await listSources(handle.db))[0].sector_title).toBe('Water');
    });

    it('finds a source by its slug or by its external slug', async () => {
      await saveCatalog(handle.db, makeCatalog());
      expect((await findSource(handle.db, 'water', 'ecosystems'))?.id).toBe('water/ecosystem');
      expect((await findSource(handle.db, 'water', 'ecosystem'))?.id).toBe('water/ecosystem');
      expect(await findSource(handle.db, 'energy', 'ecosystem')).toBeUndefined();
    });

    it('lists the layers of one source and its external links', async () => {
      await saveCatalog(handle.db, makeCatalog());
      expect((await listLayers(handle.db, 'water/ecosystem')).map((l) => l.name)).toEqual(['Lakes']);
      expect(await listLayers(handle.db, 'water/hidden')).toEqual([]);
      expect((await listExternalLinks(handle.db, 'water/lakes')).map((l) => l.url)).toEqual([
        'https://example.org/lakes',
      ]);
    });

    it('saving again replaces the catalogue: changed rows updated, dropped rows gone, no duplicates', async () => {
      await saveCatalog(handle.db, makeCatalog());
      const next = makeCatalog();
      next.sources = next.sources
        .filter((s) => s.id !== 'water/hidden')
        .map((s) => (s.id === 'water/lakes' ? { ...s, title: 'Lakes and reservoirs' } : s));
      next.externalLinks = [];
      await saveCatalog(handle.db, next);
      const sources = await listSources(handle.db);
      expect(sources.map((s) => s.title)).toEqual(['Ecosystem', 'Lakes and reservoirs']);
      expect(await listExternalLinks(handle.db, 'water/lakes')).toEqual([]);
      expect(await listLayers(handle.db)).toHaveLength(1);
    });

    it('stores a layer style and feature filter as JSON and reads them back checked, refusing a broken column', async () => {
      const style = { type: 'fill' as const, fill: '#1f78b4', stroke: '#08306b' };
      const [lakes] = makeCatalog().layers;
      await saveCatalog(handle.db, makeCatalog({ layers: [{ ...lakes, style, feature_filter: { kind: 'lake' } }] }));
      const [read] = await listLayers(handle.db);
      expect(read).toMatchObject({ style, feature_filter: { kind: 'lake' } });
      await handle.db.updateTable('layers').set({ style: '{"type":"fill","fill":"red"}' }).execute();
      await expect(listLayers(handle.db)).rejects.toThrow(/fill|stroke/);
    });

    it('refuses a layer tied to a source that does not exist (foreign key)', async () => {
      const bad = makeCatalog();
      bad.layers[0].sourceIds = ['water/nowhere'];
      await expect(saveCatalog(handle.db, bad)).rejects.toThrow();
    });

    it('keeps meta values, overwriting on write', async () => {
      expect(await readMeta(handle.db, 'k')).toBeUndefined();
      await writeMeta(handle.db, 'k', 'one');
      await writeMeta(handle.db, 'k', 'two');
      expect(await readMeta(handle.db, 'k')).toBe('two');
    });
  });
}
