import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest, newerMigrations, pendingMigrations } from '../src/migrate.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../src/testing.ts';

const BEFORE_SHARED_VARIABLES = '202611221100_layer_styles';
const BEFORE_DATASET_VERSIONS = '202611241000_create_search';

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`migrations on ${dialect}`, () => {
    let handle: TestDatabase;
    afterEach(() => handle.cleanup());
    const count = async (table: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0].n);

    it('rebuild the timeseries tables empty for the importer, keep the catalogue, and go back down', async () => {
      handle = await openTestDatabase(dialect, { upTo: BEFORE_SHARED_VARIABLES });
      // The tables of the old migrations, not those of the Database interface.
      const db: Kysely<any> = handle.db;
      await db
        .insertInto('sectors')
        .values({ slug: 'energy', title: 'Energy', description: 'd', intro: null, position: 0 })
        .execute();
      await db
        .insertInto('sources')
        .values({
          id: 'energy/access',
          sector_slug: 'energy',
          slug: 'access',
          external_slug: 'access',
          title: 'Access',
          description: 'd',
          in_sector_list: 1,
          position: 0,
        })
        .execute();
      const dataset = {
        id: 'census',
        title: 't',
        publisher: 'p',
        licence: 'l',
        citation: 'c',
        source_url: 'u',
        file: 'f',
        retrieved: '2026-11-22',
        checksum: 'x',
        rows_loaded: 1,
        rows_rejected: 0,
        loaded_at: 0,
      };
      await db.insertInto('datasets').values(dataset).execute();
      await db
        .insertInto('variables')
        .values({
          id: 1,
          source_id: 'energy/access',
          dataset_id: 'census',
          name: 'Electricity access',
          unit: '%',
          period: 'year',
        })
        .execute();
      await db.insertInto('locations').values({ id: 1, name: 'Kenya', kind: 'country', county_code: null }).execute();
      await db
        .insertInto('observations')
        .values({ variable_id: 1, location_id: 1, ts: '2019-01-01', value: 50.4 })
        .execute();

      await migrateToLatest(db);
      expect(
        await Promise.all(['datasets', 'variables', 'variable_sources', 'locations', 'observations'].map(count)),
      ).toEqual([0, 0, 0, 0, 0]);
      expect(await count('sources')).toBe(1);
      // The new shape: one variable per name, linked to sources, with a normal period allowed.
      await db
        .insertInto('datasets')
        .values({ ...dataset, notes: 'n' })
        .execute();
      await db
        .insertInto('variables')
        .values({ id: 1, dataset_id: 'census', name: 'Rain', unit: 'mm', period: 'normal' })
        .execute();
      await expect(
        db
          .insertInto('variables')
          .values({ id: 2, dataset_id: 'census', name: 'Rain', unit: 'mm', period: 'year' })
          .execute(),
      ).rejects.toThrow();
      await db.insertInto('variable_sources').values({ variable_id: 1, source_id: 'energy/access' }).execute();

      await migrateTo(db, BEFORE_SHARED_VARIABLES);
      expect(await Promise.all(['datasets', 'variables'].map(count))).toEqual([0, 0]);
      await db.insertInto('datasets').values(dataset).execute();
      await db
        .insertInto('variables')
        .values({ id: 1, source_id: 'energy/access', dataset_id: 'census', name: 'Rain', unit: 'mm', period: 'year' })
        .execute();
    });

    it('give each dataset loaded before versions were kept its first version, with its values counted', async () => {
      handle = await openTestDatabase(dialect, { upTo: BEFORE_DATASET_VERSIONS });
      const db: Kysely<any> = handle.db;
      const checksum = 'abcdef0123456789'.repeat(4);
      await db
        .insertInto('datasets')
        .values({
          id: 'rain',
          title: 't',
          publisher: 'p',
          licence: 'l',
          citation: 'c',
          source_url: 'u',
          file: 'f',
          retrieved: '2026-11-22',
          checksum,
          rows_loaded: 2,
          rows_rejected: 0,
          loaded_at: 1_700_000_000_000,
          notes: null,
        })
        .execute();
      await db
        .insertInto('variables')
        .values({ id: 1, dataset_id: 'rain', name: 'Rain', unit: 'mm', period: 'year' })
        .execute();
      await db.insertInto('locations').values({ id: 1, name: 'Kenya', kind: 'country', county_code: null }).execute();
      await db
        .insertInto('observations')
        .values(['2019-01-01', '2020-01-01'].map((ts) => ({ variable_id: 1, location_id: 1, ts, value: 1 })))
        .execute();

      await migrateToLatest(db);
      expect(await db.selectFrom('dataset_versions').selectAll().execute()).toEqual([
        {
          dataset_id: 'rain',
          number: 1,
          version: 'abcdef012345',
          checksum,
          loaded_at: 1_700_000_000_000,
          value_count: 2,
          added: null,
          removed: null,
          changed: null,
          first_changed: null,
          last_changed: null,
        },
      ]);
      await db.deleteFrom('datasets').execute();
      expect(await count('dataset_versions')).toBe(0);
      await migrateTo(db, BEFORE_DATASET_VERSIONS);
    });

    it('run on a database a newer release has migrated, and refuse one with a migration from another history', async () => {
      handle = await openTestDatabase(dialect);
      const ran = (name: string) =>
        sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
          handle.db,
        );

      await ran('999912312359_from_a_newer_release');
      expect(await newerMigrations(handle.db)).toEqual(['999912312359_from_a_newer_release']);
      expect(await migrateToLatest(handle.db)).toEqual([]);
      expect(await pendingMigrations(handle.db)).toEqual([]);

      await ran('200001010000_from_another_history');
      await expect(migrateToLatest(handle.db)).rejects.toThrow(/200001010000_from_another_history is missing/);
    });
  });
}
