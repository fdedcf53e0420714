import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listLayers, listSources } from '@portal/db/queries/catalog.queries';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { loadCatalog } from './catalog.ts';
import { CATALOG_DIR, RAW_DIR } from './paths.ts';

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`loadCatalog on ${dialect}`, () => {
    let handle: TestDatabase;
    let dir: string;
    beforeEach(async () => {
      handle = await openTestDatabase(dialect);
      dir = mkdtempSync(join(tmpdir(), 'catalog-'));
      cpSync(CATALOG_DIR, dir, { recursive: true });
    });
    afterEach(async () => {
      await handle.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('loads once, skips the same files, and reloads when a file changes', async () => {
      expect(await loadCatalog(handle.db, { dir })).toBe('loaded');
      expect(await loadCatalog(handle.db, { dir })).toBe('unchanged');

      const sectors = JSON.parse(readFileSync(join(dir, 'sectors.json'), 'utf8'));
      sectors[0].sources[0].title = 'Crop and Livestock Production';
      writeFileSync(join(dir, 'sectors.json'), JSON.stringify(sectors));
      expect(await loadCatalog(handle.db, { dir })).toBe('loaded');
      expect((await listSources(handle.db)).map((s) => s.title)).toContain('Crop and Livestock Production');
    });

    it('measures every layer: extent from its file and the style to draw it with', async () => {
      await loadCatalog(handle.db, { dir });
      const layers = await listLayers(handle.db);
      const elevation = layers.find((l) => l.name === 'Elevation')!;
      expect(
        [elevation.west, elevation.south, elevation.east, elevation.north].map((v) => Number(v!.toFixed(2))),
      ).toEqual([33.46, -4.96, 42.46, 5.54]);
      // Every style is read back checked against the style schema (listLayers parses it).
      for (const layer of layers) expect(['ramp', 'categories', 'fill'], layer.name).toContain(layer.style?.type);
    });

    it('reloads when a layer file changes although the catalogue files did not', async () => {
      const raw = mkdtempSync(join(tmpdir(), 'raw-'));
      cpSync(RAW_DIR, raw, { recursive: true });
      try {
        expect(await loadCatalog(handle.db, { dir, rawDir: raw })).toBe('loaded');
        expect(await loadCatalog(handle.db, { dir, rawDir: raw })).toBe('unchanged');
        const ports = join(raw, 'maps_natural_earth/ne_10m_ports_kenya.geojson');
        const collection = JSON.parse(readFileSync(ports, 'utf8'));
        writeFileSync(ports, JSON.stringify({ ...collection, features: collection.features.slice(0, 1) }));
        expect(await loadCatalog(handle.db, { dir, rawDir: raw })).toBe('loaded');
      } finally {
        rmSync(raw, { recursive: true, force: true });
      }
    });

    it('refuses a layer file that cannot be drawn, naming it, and keeps the old catalogue', async () => {
      await loadCatalog(handle.db, { dir });
      const before = await listLayers(handle.db);
      const raw = mkdtempSync(join(tmpdir(), 'raw-'));
      cpSync(RAW_DIR, raw, { recursive: true });
      try {
        writeFileSync(join(raw, 'layers/kenya-elevation-etopo5.tif'), 'not a tiff');
        await expect(loadCatalog(handle.db, { dir, rawDir: raw })).rejects.toThrow(
          /kenya-elevation-etopo5\.tif' of layer 'Elevation': not a readable GeoTIFF/,
        );
        expect(await listLayers(handle.db)).toEqual(before);
      } finally {
        rmSync(raw, { recursive: true, force: true });
      }
    });

    it('leaves the loaded catalogue intact when the new files are broken', async () => {
      await loadCatalog(handle.db, { dir });
      const before = await listSources(handle.db);
      writeFileSync(join(dir, 'layers.json'), '[{"name": "Broken"');
      await expect(loadCatalog(handle.db, { dir })).rejects.toThrow(/layers\.json/);
      expect(await listSources(handle.db)).toEqual(before);
    });
  });
}
