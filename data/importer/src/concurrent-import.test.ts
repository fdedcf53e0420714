import { afterEach, describe, expect, it } from 'vitest';
import { openTemplateCopy, openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { loadCatalog } from './catalog.ts';
import { importData } from './import-data.ts';
import { importFailed } from './report.ts';

/** Two small real datasets that both name all 47 counties, so both add the same locations. */
const DATASETS = ['census-2019-land-area', 'ophi-mpi-counties'];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`two instances starting together on one empty ${dialect} database`, () => {
    let database: TestDatabase;
    afterEach(() => database?.cleanup());

    it('load the catalogue and the data once, one after the other, without a duplicate key', async () => {
      database = await openTestDatabase(dialect);
      const first = database.db;
      const second = database.another();
      await Promise.all([loadCatalog(first), loadCatalog(second)]);
      const [a, b] = await Promise.all([importData(first, { only: DATASETS }), importData(second, { only: DATASETS })]);
      expect(importFailed(a) || importFailed(b)).toBe(false);
      // Whichever ran second found the data loaded and left it.
      expect([...a.outcomes, ...b.outcomes].map((o) => o.status).sort()).toEqual([
        'loaded',
        'loaded',
        'unchanged',
        'unchanged',
      ]);
      const versions = await first.selectFrom('dataset_versions').select('dataset_id').execute();
      expect(versions.map((v) => v.dataset_id).sort()).toEqual(DATASETS);
      const counties = await first.selectFrom('locations').select('id').where('kind', '=', 'county').execute();
      expect(counties).toHaveLength(47);
    });

    it('let the database assign ids, after those already taken', async () => {
      database = await openTemplateCopy(dialect, 'catalogue');
      await importData(database.db, { only: DATASETS });
      const taken = (await database.db.selectFrom('locations').select('id').execute()).map((l) => l.id);
      const { id } = await database.db
        .insertInto('locations')
        .values({ name: 'Somewhere new', kind: 'place', county_code: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(Math.max(...taken));
    });
  });
}
