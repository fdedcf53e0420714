import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { loadCatalog } from './catalog.ts';
import { importData } from './import-data.ts';

const DATASET = 'wfp-retail-prices';

/** One variable's observations at one place, as [YYYY-MM, value], in date order. */
async function series(handle: TestDatabase, variable: string, location: string): Promise<[string, number][]> {
  const rows = await handle.db
    .selectFrom('observations')
    .innerJoin('variables', 'variables.id', 'observations.variable_id')
    .innerJoin('locations', 'locations.id', 'observations.location_id')
    .select(['observations.ts', 'observations.value'])
    .where('variables.name', '=', variable)
    .where('locations.name', '=', location)
    .orderBy('observations.ts')
    .execute();
  return rows.map((r) => [String(r.ts).slice(0, 7), Number(r.value)]);
}

// The shipped WFP file lists some markets under former districts (Meru North, Moyale, Ijara) and
// 'Hola (Tana River)' with no admin2 and no coordinates; the manifest's fallbacks place them.
for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the real WFP retail prices on ${dialect}`, () => {
    let handle: TestDatabase;
    let log: string[];
    let outcome: Awaited<ReturnType<typeof importData>>['outcomes'][number];

    beforeAll(async () => {
      handle = await openTestDatabase(dialect);
      await loadCatalog(handle.db);
      log = [];
      const summary = await importData(handle.db, { only: [DATASET], log: (line) => log.push(line) });
      outcome = summary.outcomes[0];
    });
    afterAll(() => handle.cleanup());

    it('places every market of a former district or with an empty admin2 in its county', () => {
      expect(outcome).toMatchObject({ id: DATASET, status: 'loaded', placedByFallback: 135 });
      expect(outcome.rejects).toEqual([]);
      expect(log.some((line) => line.includes('135 placed by a location fallback'))).toBe(true);
    });

    it('gives Tana River the white maize prices of Hola, 2015-2020', async () => {
      const prices = await series(handle, 'Average retail price: Maize (white), KG', 'Tana River');
      expect(prices).toHaveLength(50);
      expect(prices.slice(0, 3)).toEqual([['2015-01', 35], ['2015-02', 35], ['2015-04', 31]]);
      expect(new Set(prices.map(([month]) => month.slice(0, 4)))).toEqual(new Set(['2015', '2016', '2017', '2018', '2019', '2020']));
    });

    it('counts the markets of former Moyale district in Marsabit', async () => {
      const maxima = new Map(await series(handle, 'Maximum retail price: Maize (white, dry), KG', 'Marsabit'));
      expect(maxima.get('2024-09')).toBe(90);
    });
  });
}
