import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDialects } from '@portal/db/testing';
import type { DatasetOutcome } from './outcome.ts';
import { importShipped, seriesOf } from './testing-fixtures.ts';

const DATASET = 'wfp-retail-prices';

// The shipped WFP file lists some markets under former districts (Meru North, Moyale, Ijara) and
// 'Hola (Tana River)' with no admin2 and no coordinates; the manifest's fallbacks place them.
for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the real WFP retail prices on ${dialect}`, () => {
    let handle: TestDatabase;
    let log: string[];
    let outcome: DatasetOutcome;

    beforeAll(async () => {
      log = [];
      let summary;
      ({ handle, summary } = await importShipped(dialect, [DATASET], (line) => log.push(line)));
      outcome = summary.outcomes[0];
    });
    afterAll(() => handle.cleanup());

    it('places every market of a former district or with an empty admin2 in its county', () => {
      expect(outcome).toMatchObject({ id: DATASET, status: 'loaded', placedByFallback: 135 });
      expect(outcome.rejects).toEqual([]);
      expect(log.some((line) => line.includes('135 placed by a location fallback'))).toBe(true);
    });

    it('gives Tana River the white maize prices of Hola, 2015-2020', async () => {
      const prices = await seriesOf(handle.db, 'Average retail price: Maize (white), KG', 'Tana River');
      expect(prices).toHaveLength(50);
      expect(prices.slice(0, 3)).toEqual(['2015-01-01=35', '2015-02-01=35', '2015-04-01=31']);
      expect(new Set(prices.map((entry) => entry.slice(0, 4)))).toEqual(
        new Set(['2015', '2016', '2017', '2018', '2019', '2020']),
      );
    });

    it('counts the markets of former Moyale district in Marsabit', async () => {
      expect(await seriesOf(handle.db, 'Maximum retail price: Maize (white, dry), KG', 'Marsabit')).toContain(
        '2024-09-01=90',
      );
    });
  });
}
