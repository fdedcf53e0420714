import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db/database';
import { openTemplateCopy, type TestDatabase, testDialects } from '@portal/db/testing';
import { COUNTY_BOUNDARIES_FILE } from './county-finder.ts';
import { RAW_DIR } from './paths.ts';
import { importData } from './import-data.ts';
import { ManifestError } from './read-manifests.ts';
import { formatOutcome, formatSummary, importFailed } from './report.ts';
import {
  CENSUS_CSV,
  censusManifest,
  type Fixture,
  makeFixture,
  PRICES_CSV,
  pricesManifest,
} from './testing-fixtures.ts';

/** Every observation as text, so two states of the database compare in one assertion. */
async function snapshot(db: Kysely<Database>) {
  const observations = await db
    .selectFrom('observations')
    .innerJoin('variables', 'variables.id', 'observations.variable_id')
    .innerJoin('variable_sources', 'variable_sources.variable_id', 'variables.id')
    .innerJoin('locations', 'locations.id', 'observations.location_id')
    .select([
      'variables.id',
      'variable_sources.source_id',
      'variables.name',
      'variables.unit',
      'variables.period',
      'locations.name as location',
      'observations.ts',
      'observations.value',
    ])
    .orderBy('variables.name')
    .orderBy('locations.name')
    .orderBy('observations.ts')
    .execute();
  const datasets = await db.selectFrom('datasets').selectAll().orderBy('id').execute();
  return { observations: observations.map((o) => Object.values(o).join('|')), datasets };
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`importData on ${dialect}`, () => {
    let handle: TestDatabase;
    let fixture: Fixture;
    const run = (options: Parameters<typeof importData>[1] = {}) =>
      importData(handle.db, { sourcesDir: fixture.sourcesDir, rawDir: fixture.rawDir, ...options });

    beforeEach(async () => {
      handle = await openTemplateCopy(dialect, 'catalogue');
      fixture = makeFixture();
      fixture.file('census/lighting.csv', CENSUS_CSV);
      fixture.file('prices/prices.csv', PRICES_CSV);
      fixture.manifest(censusManifest());
      fixture.manifest(pricesManifest());
    });
    afterEach(async () => {
      await handle.cleanup();
      fixture.remove();
    });

    it('loads variables, canonical locations, observations and provenance, and reports rejects by file:line', async () => {
      const started = Date.now();
      const summary = await run();
      const ended = Date.now();
      expect(
        summary.outcomes.map((o) => [o.id, o.status, o.rowsRead, o.observations, o.blanks, o.rejects.length]),
      ).toEqual([
        ['census-lighting', 'loaded', 6, 5, 1, 1],
        ['prices', 'loaded', 6, 4, 0, 3],
      ]);
      const { observations, datasets } = await snapshot(handle.db);
      expect(observations.filter((o) => o.includes('Electricity access'))).toEqual([
        expect.stringMatching(
          /\|energy\/access\|Electricity access\|% of conventional households\|year\|Kenya\|2019-01-01\|50\.4$/,
        ),
        expect.stringMatching(/\|Nairobi\|2019-01-01\|96\.5$/),
        expect.stringMatching(/\|Taita Taveta\|2019-01-01\|47\.6$/),
      ]);
      expect(observations.filter((o) => o.includes('Maximum retail price'))).toEqual([
        expect.stringMatching(/\|KES per KG\|month\|Nairobi\|2020-01-01\|50$/),
        expect.stringMatching(/\|Nairobi\|2020-02-01\|45$/),
      ]);
      expect(datasets[0]).toMatchObject({
        id: 'census-lighting',
        publisher: 'Test Bureau',
        licence: 'CC BY 4.0',
        licence_id: 'CC-BY-4.0',
        citation: 'Test Bureau (2019). census-lighting.',
        source_url: 'https://example.org/data',
        file: 'census/lighting.csv',
        retrieved: '2026-11-22',
        rows_loaded: 5,
        rows_rejected: 1,
      });
      // When it was loaded, as the dataset API reports it.
      expect(datasets[0].loaded_at).toBeGreaterThanOrEqual(started);
      expect(datasets[0].loaded_at).toBeLessThanOrEqual(ended);
      const locations = await handle.db
        .selectFrom('locations')
        .select(['name', 'kind', 'county_code'])
        .orderBy('id')
        .execute();
      expect(locations).toEqual([
        { name: 'Kenya', kind: 'country', county_code: null },
        { name: 'Nairobi', kind: 'county', county_code: 47 },
        { name: 'Taita Taveta', kind: 'county', county_code: 6 },
      ]);
      const printed = summary.outcomes.flatMap((o) => formatOutcome(o, 1, 2, 10)).join('\n');
      expect(printed).toContain("census/lighting.csv:7: unknown location 'ATLANTIS' (column 'SubCounty')");
      expect(printed).toContain("prices/prices.csv:7: unknown location 'Meru North' (column 'admin2')");
      expect(formatSummary(summary)).toMatch(
        /^Import: 2 dataset\(s\) \(2 loaded, 0 unchanged, 0 failed\); 12 rows read, 9 observations loaded, 4 rejected, 1 blank; /,
      );
    });

    it('changes nothing on a second run and says the datasets were skipped', async () => {
      await run();
      const before = await snapshot(handle.db);
      const second = await run();
      expect(second.outcomes.map((o) => o.status)).toEqual(['unchanged', 'unchanged']);
      expect(formatSummary(second)).toMatch(/\(0 loaded, 2 unchanged, 0 failed\)/);
      expect(await snapshot(handle.db)).toEqual(before);
    });

    it('reloads a dataset whose file changed, keeping the ids of its variables', async () => {
      await run();
      const ids = await handle.db.selectFrom('variables').select(['id', 'name']).orderBy('id').execute();
      fixture.file('census/lighting.csv', CENSUS_CSV.replace('96.5', '96.6'));
      const second = await run();
      expect(second.outcomes.map((o) => o.status)).toEqual(['loaded', 'unchanged']);
      expect(await handle.db.selectFrom('variables').select(['id', 'name']).orderBy('id').execute()).toEqual(ids);
      expect((await snapshot(handle.db)).observations).toContainEqual(
        expect.stringMatching(/Electricity access\|.*\|Nairobi\|2019-01-01\|96\.6$/),
      );
    });

    it('records each load as a version, with what it changed against the load before', async () => {
      const versions = () =>
        handle.db
          .selectFrom('dataset_versions')
          .selectAll()
          .where('dataset_id', '=', 'prices')
          .orderBy('number')
          .execute();
      await run();
      const [first] = await versions();
      const { checksum } = await handle.db
        .selectFrom('datasets')
        .select('checksum')
        .where('id', '=', 'prices')
        .executeTakeFirstOrThrow();
      expect(first).toMatchObject({
        number: 1,
        version: checksum.slice(0, 12),
        checksum,
        value_count: 4,
        added: null,
        removed: null,
        changed: null,
      });
      expect(first.first_changed).toBeNull();

      // January's Kangemi price rises (its mean and maximum change), February's only price moves to March.
      const changed = PRICES_CSV.replace('Kangemi,Maize,KG,Retail,50', 'Kangemi,Maize,KG,Retail,60').replace(
        '2020-02-15,Nairobi,Kibera',
        '2020-03-15,Nairobi,Kibera',
      );
      fixture.file('prices/prices.csv', changed);
      await run();
      expect(await run()).toMatchObject({ outcomes: [{ status: 'unchanged' }, { status: 'unchanged' }] });
      const [, second] = await versions();
      expect(second).toMatchObject({
        number: 2,
        value_count: 4,
        added: 2,
        removed: 2,
        changed: 2,
        first_changed: '2020-01-01',
        last_changed: '2020-03-01',
      });
      expect(second.checksum).not.toBe(checksum);

      await run({ force: true, only: ['prices'] });
      expect((await versions())[2]).toMatchObject({
        number: 3,
        checksum: second.checksum,
        added: 0,
        removed: 0,
        changed: 0,
        first_changed: null,
        last_changed: null,
      });
      rmSync(join(fixture.sourcesDir, 'prices.json'));
      await run();
      expect(await versions()).toEqual([]);
    });

    it('leaves the previous rows of a dataset intact when its new load fails in the database', async () => {
      await run();
      const before = await snapshot(handle.db);
      // Another dataset already owns this variable name, so the reload breaks the unique key mid-transaction.
      await handle.db
        .insertInto('datasets')
        .values({ ...before.datasets[0], id: 'other', checksum: 'x' })
        .execute();
      await handle.db
        .insertInto('variables')
        .values({ dataset_id: 'other', name: 'Households with solar', unit: '%', period: 'year' })
        .execute();
      const m = censusManifest();
      (m.variables as Record<string, unknown>[]).push({
        column: 'Solar',
        name: 'Households with solar',
        unit: '%',
        sources: ['energy/access'],
      });
      fixture.manifest(m);

      const second = await run({ only: ['census-lighting'] });
      expect(second.outcomes[0]).toMatchObject({
        id: 'census-lighting',
        status: 'failed',
        error: expect.stringMatching(/unique|UNIQUE/),
      });
      expect(formatOutcome(second.outcomes[0], 1, 1, 10)[0]).toMatch(/census-lighting: FAILED, previous rows kept: /);
      expect(importFailed(second)).toBe(true);
      const after = await snapshot(handle.db);
      expect(after.observations).toEqual(before.observations);
      expect(after.datasets.find((d) => d.id === 'census-lighting')).toEqual(before.datasets[0]);
    });

    it('with --strict, writes nothing for a dataset with a rejected row and stops the run', async () => {
      await run();
      const before = await snapshot(handle.db);
      fixture.file('census/lighting.csv', CENSUS_CSV.replace('96.5', 'ninety'));
      fixture.file('prices/prices.csv', PRICES_CSV.replace('45', '46'));
      const strict = await run({ strict: true });
      expect(strict.stoppedAt).toBe('census-lighting');
      expect(strict.outcomes).toHaveLength(1);
      expect(strict.outcomes[0].error).toMatch(/rejected row\(s\) with --strict/);
      expect(formatSummary(strict)).toMatch(/Stopped by --strict at census-lighting\.$/);
      expect(await snapshot(handle.db)).toEqual(before);
    });

    it('finishes an import stopped half-way: the next run loads what is missing and skips what is loaded', async () => {
      await importData(handle.db, {
        sourcesDir: fixture.sourcesDir,
        rawDir: fixture.rawDir,
        only: ['census-lighting'],
      });
      const next = await run();
      expect(next.outcomes.map((o) => [o.id, o.status])).toEqual([
        ['census-lighting', 'unchanged'],
        ['prices', 'loaded'],
      ]);
    });

    it('removes a dataset whose manifest is gone', async () => {
      await run();
      rmSync(join(fixture.sourcesDir, 'prices.json'));
      const summary = await run();
      expect(summary.outcomes.map((o) => [o.id, o.status])).toEqual([
        ['census-lighting', 'unchanged'],
        ['prices', 'removed'],
      ]);
      expect(
        await handle.db.selectFrom('variable_sources').select('source_id').distinct().orderBy('source_id').execute(),
      ).toEqual([{ source_id: 'energy/access' }, { source_id: 'energy/sources' }]);
    });

    it("stores each variable's definition, code and derivation and the dataset's notes, and prints the dates loaded", async () => {
      const m = censusManifest();
      const variables = m.variables as Record<string, unknown>[];
      Object.assign(m, { code: 'V4_T2.19', notes: 'Only the county and national rows are read.' });
      Object.assign(variables[0], {
        definition: 'Share of households lit by mains electricity',
        derivation: 'Copied from the mains electricity column.',
      });
      variables[1].code = 'V4_T2.19 Solar';
      fixture.manifest(m);
      const summary = await run();
      const stored = await handle.db
        .selectFrom('variables')
        .select(['name', 'definition', 'code', 'derivation', 'first_ts', 'last_ts'])
        .orderBy('name')
        .execute();
      expect(
        stored.filter((v) => v.name !== 'Average retail price: Maize, KG' && !v.name.startsWith('Maximum')),
      ).toEqual([
        {
          name: 'Electricity access',
          definition: 'Share of households lit by mains electricity',
          code: 'V4_T2.19',
          derivation: 'Copied from the mains electricity column.',
          first_ts: '2019-01-01',
          last_ts: '2019-01-01',
        },
        {
          name: 'Main lighting fuel: Solar',
          definition: null,
          code: 'V4_T2.19 Solar',
          derivation: null,
          first_ts: '2019-01-01',
          last_ts: '2019-01-01',
        },
      ]);
      expect(
        (
          await handle.db
            .selectFrom('datasets')
            .select('notes')
            .where('id', '=', 'census-lighting')
            .executeTakeFirstOrThrow()
        ).notes,
      ).toBe('Only the county and national rows are read.');
      expect(formatOutcome(summary.outcomes[1], 2, 2, 10)[0]).toMatch(
        /prices: loaded, 5 of 6 rows used -> 4 observations, 2020-01 to 2020-02; 0 blank, 3 rejected/,
      );
    });

    it('places rows by their coordinates within the real county boundaries, and reloads when the boundaries change', async () => {
      const boundaries = readFileSync(join(RAW_DIR, COUNTY_BOUNDARIES_FILE), 'utf8');
      fixture.file(COUNTY_BOUNDARIES_FILE, boundaries);
      fixture.file(
        'prices/prices.csv',
        [
          PRICES_CSV.split('\n')[0] + ',lat,lon',
          '#,,,,,,,,',
          '2020-02-15,Meru North,Voi,Maize,KG,Retail,41,-3.39,38.56',
        ].join('\n'),
      );
      const m = pricesManifest();
      (m as { location: unknown }).location = {
        column: 'admin2',
        fallbacks: [{ countyAt: { lat: 'lat', lon: 'lon' } }],
      };
      fixture.manifest(m);
      const first = await run({ only: ['prices'] });
      expect(first.outcomes[0]).toMatchObject({ status: 'loaded', placedByFallback: 1, rejects: [] });
      expect((await snapshot(handle.db)).observations).toContainEqual(
        expect.stringMatching(/Maximum retail price: Maize, KG\|.*\|Taita Taveta\|2020-02-01\|41$/),
      );
      fixture.file(COUNTY_BOUNDARIES_FILE, `${boundaries}\n`);
      expect((await run({ only: ['prices'] })).outcomes[0].status).toBe('loaded');
    });

    it('writes nothing when a manifest is invalid, naming it', async () => {
      fixture.manifest({ ...pricesManifest(), time: { column: 'date', period: 'month' } });
      await expect(run()).rejects.toThrow(ManifestError);
      await expect(run()).rejects.toThrow(/prices\.json/);
      expect(await handle.db.selectFrom('datasets').selectAll().execute()).toEqual([]);
    });
  });
}
