import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODS } from '../src/periods.ts';
import { saveCatalog } from '../src/queries/catalog.queries.ts';
import {
  findLocations,
  findVariables,
  iterateObservations,
  type ObservationFilter,
} from '../src/queries/timeseries.queries.ts';
import { openTestDatabase, seedTimeseries, type TestDatabase, testDialects } from '../src/testing.ts';

const SOURCE = 'water/lakes';
const catalog = {
  sectors: [{ slug: 'water', title: 'Water', description: 'd', intro: 'i', position: 0 }],
  sources: [
    {
      id: SOURCE,
      sector_slug: 'water',
      slug: 'lakes',
      external_slug: 'lakes',
      title: 'Lakes',
      description: 'l',
      in_sector_list: 1,
      position: 0,
    },
  ],
  layers: [],
  externalLinks: [],
  partners: [],
};

type Observation = [variable: string, location: string, ts: string, value: number];

// Pairs of every size, an empty pair (Level at Kisumu), and rows outside the range or the filter.
const observations: Observation[] = [
  ...[2017, 2018, 2019, 2020, 2021].map((y, i): Observation => ['Level', 'Homa Bay', `${y}-01-01`, i]),
  ...[2018, 2019].map((y, i): Observation => ['Level', 'Siaya', `${y}-01-01`, 10 + i]),
  ...Array.from({ length: 7 }, (_, i): Observation => [
    'Inflow',
    'Homa Bay',
    `2019-${String(i + 1).padStart(2, '0')}-01`,
    20 + i,
  ]),
  ['Inflow', 'Kisumu', '2019-02-01', 30],
  ...Array.from({ length: 4 }, (_, i): Observation => ['Inflow', 'Siaya', `2019-0${i + 3}-01`, 40 + i]),
  ...Array.from({ length: 9 }, (_, i): Observation => ['Daily', 'Kisumu', `2019-03-0${i + 1}`, 50 + i]),
  ['Daily', 'Migori', '2019-03-01', 99],
];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`timeseries queries on ${dialect}`, () => {
    let handle: TestDatabase;
    let filter: ObservationFilter;

    beforeAll(async () => {
      handle = await openTestDatabase(dialect);
      await saveCatalog(handle.db, catalog);
      await seedTimeseries(handle.db, {
        dataset: 'lakes',
        variables: [
          { sources: [SOURCE], name: 'Level', unit: 'm', period: 'year' },
          { sources: [SOURCE], name: 'Inflow', unit: 'm3/s', period: 'month' },
          { sources: [SOURCE], name: 'Daily', unit: 'mm', period: 'day' },
        ],
        locations: ['Homa Bay', 'Siaya', 'Kisumu', 'Migori'].map((name) => ({ name })),
        observations,
      });
      const variables = await findVariables(handle.db, ['Level', 'Inflow', 'Daily'], SOURCE);
      const locations = await findLocations(handle.db, ['Homa Bay', 'Siaya', 'Kisumu']);
      // Lists in no particular order, as a request may give them.
      const byIdDescending = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => b.id - a.id);
      filter = {
        variables: byIdDescending(variables),
        locationIds: byIdDescending(locations).map((l) => l.id),
        start: '2018-06-15',
        end: '2020-12-31',
      };
    });
    afterAll(() => handle.cleanup());

    const readAll = async (pageSize: number) => {
      const rows: { variable_id: number; location_id: number; ts: string; timestamp: string; value: number }[] = [];
      for await (const page of iterateObservations(handle.db, filter, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        rows.push(...page);
      }
      return rows;
    };

    it('reads every matching observation once, in key order, whatever the page size', async () => {
      const whole = await readAll(10_000);
      // 2018-2020 at two places, Inflow everywhere in range, Daily at Kisumu; not Migori, not 2017 or 2021.
      expect(whole.map((r) => r.value).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 10, 11, 20, 21, 22, 23, 24, 25, 26, 30, 40, 41, 42, 43, 50, 51, 52, 53, 54, 55, 56, 57, 58,
      ]);
      const key = (r: (typeof whole)[number]) => [r.variable_id, r.location_id, r.ts] as const;
      const sorted = [...whole].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2].localeCompare(y[2]);
      });
      expect(whole).toEqual(sorted);
      // Page ends inside a pair, at its end and between variables: the same rows in the same order.
      for (const pageSize of [1, 2, 3, 5, 7]) expect(await readAll(pageSize), `pages of ${pageSize}`).toEqual(whole);
    });

    it('formats timestamps in SQL as PERIODS shows them in JavaScript', async () => {
      for (const period of Object.keys(PERIODS) as (keyof typeof PERIODS)[]) {
        for (const ts of ['1961-01-01', '1991-12-01', '2019-03-14']) {
          const { rows } = await sql<{
            shown: string;
          }>`select ${PERIODS[period].shownSql(sql.val(ts))} as shown`.execute(handle.db);
          expect(rows[0].shown, `${period} ${ts}`).toBe(PERIODS[period].shown(ts));
        }
      }
    });

    it('shows each timestamp at its variable period', async () => {
      const shown = new Map((await readAll(4)).map((r) => [r.value, r.timestamp]));
      expect(shown.get(1)).toBe('2018');
      expect(shown.get(20)).toBe('2019-01');
      expect(shown.get(50)).toBe('2019-03-01');
    });
  });
}
