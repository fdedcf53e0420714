import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSources } from '@portal/db/queries/catalog.queries';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { loadCatalog } from './catalog.ts';
import { CATALOG_DIR } from './paths.ts';

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

    it('leaves the loaded catalogue intact when the new files are broken', async () => {
      await loadCatalog(handle.db, { dir });
      const before = await listSources(handle.db);
      writeFileSync(join(dir, 'layers.json'), '[{"name": "Broken"');
      await expect(loadCatalog(handle.db, { dir })).rejects.toThrow(/layers\.json/);
      expect(await listSources(handle.db)).toEqual(before);
    });
  });
}
