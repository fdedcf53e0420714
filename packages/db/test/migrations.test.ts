import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest, newerMigrations, pendingMigrations } from '../src/migrate.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../src/testing.ts';

const BEFORE_SHARED_VARIABLES = '202611221100_layer_styles';
const BEFORE_DATASET_VERSIONS = '202611241000_create_search';
const BEFORE_ROW_ORDINALS = '202612021000_create_known_devices';
const BEFORE_FOLLOWS = '202612041100_variable_caveats';
const BEFORE_ALERTS = '202612051000_create_follows';

/** A dataset row as the first migrations know it; a test adds the columns of later ones. */
const datasetRow = (id: string) => ({
  id,
  title: 't',
  publisher: 'p',
  licence: 'l',
  citation: 'c',
  source_url: 'u',
  file: 'f',
  retrieved: '2026-11-22',
  checksum: `${id}-checksum`,
  rows_loaded: 1,
  rows_rejected: 0,
  loaded_at: 0,
});

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
      const dataset = datasetRow('census');
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
        .values({ ...datasetRow('rain'), checksum, rows_loaded: 2, loaded_at: 1_700_000_000_000, notes: null })
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

    it('number the rows of each dataset loaded before ordinals were kept, in page order, and go back down', async () => {
      handle = await openTestDatabase(dialect, { upTo: BEFORE_ROW_ORDINALS });
      const db: Kysely<any> = handle.db;
      const dataset = (id: string) => ({ ...datasetRow(id), rows_loaded: 4, notes: null });
      await db
        .insertInto('datasets')
        .values([dataset('rain'), dataset('heat')])
        .execute();
      await db
        .insertInto('variables')
        .values([
          { id: 1, dataset_id: 'rain', name: 'Rain, wet season', unit: 'mm', period: 'year' },
          { id: 2, dataset_id: 'rain', name: 'Rain, dry season', unit: 'mm', period: 'year' },
          { id: 3, dataset_id: 'heat', name: 'Heat', unit: 'C', period: 'year' },
        ])
        .execute();
      await db
        .insertInto('locations')
        .values([
          { id: 1, name: 'Nakuru', kind: 'county', county_code: 32 },
          { id: 2, name: 'Kisumu', kind: 'county', county_code: 42 },
        ])
        .execute();
      const rows = [1, 2, 3].flatMap((variable_id) =>
        [1, 2].flatMap((location_id) =>
          ['2020-01-01', '2019-01-01'].map((ts) => ({ variable_id, location_id, ts, value: 1 })),
        ),
      );
      await db.insertInto('observations').values(rows).execute();

      await migrateToLatest(db);
      const numbered = await db
        .selectFrom('dataset_rows')
        .select(['dataset_id', 'ordinal', 'variable_id', 'location_id', 'ts'])
        .orderBy('dataset_id')
        .orderBy('ordinal')
        .execute();
      const key = (r: { variable_id: number; location_id: number; ts: string }) =>
        `${r.ts} ${r.variable_id} ${r.location_id}`;
      // By date, then variable name (dry before wet), then place name (Kisumu before Nakuru).
      expect(numbered.filter((r) => r.dataset_id === 'rain').map(key)).toEqual([
        '2019-01-01 2 2',
        '2019-01-01 2 1',
        '2019-01-01 1 2',
        '2019-01-01 1 1',
        '2020-01-01 2 2',
        '2020-01-01 2 1',
        '2020-01-01 1 2',
        '2020-01-01 1 1',
      ]);
      expect(numbered.filter((r) => r.dataset_id === 'rain').map((r) => r.ordinal)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(numbered.filter((r) => r.dataset_id === 'heat').map((r) => r.ordinal)).toEqual([1, 2, 3, 4]);
      const checksums = await db.selectFrom('datasets').select(['checksum', 'ordinals_checksum']).execute();
      for (const row of checksums) expect(row.ordinals_checksum).toBe(row.checksum);
      await migrateTo(db, BEFORE_ROW_ORDINALS);
      expect(await count('observations')).toBe(rows.length);
    });

    it('add follows and an outbox with one change mail per user and run, whose lines go with it, and go back down', async () => {
      handle = await openTestDatabase(dialect, { upTo: BEFORE_FOLLOWS });
      const db: Kysely<any> = handle.db;
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'reader@example.org',
          username: 'Reader',
          password_hash: 'x',
          organization: 'o',
          country: 'Kenya',
          use_of_data: 'u',
          verified_at: 0,
          created_at: 0,
        })
        .execute();

      await migrateToLatest(db);
      await db
        .insertInto('follows')
        .values({ user_id: 'u1', kind: 'county', target: 'turkana', language: 'sw', created_at: 1 })
        .execute();
      const mail = { kind: 'changes', user_id: 'u1', batch: 'run-1', language: 'sw', created_at: 1 };
      await db
        .insertInto('mail_outbox')
        .values({ id: 'm1', ...mail })
        .execute();
      await expect(
        db
          .insertInto('mail_outbox')
          .values({ id: 'm2', ...mail })
          .execute(),
      ).rejects.toThrow();
      const outbox = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(outbox).toMatchObject({ attempts: 0, due_at: null, claimed_at: null, sent_at: null });
      await db
        .insertInto('outbox_changes')
        .values({ mail_id: 'm1', dataset_id: 'd', version_number: 2, follow_kind: 'county', follow_target: 'turkana' })
        .execute();
      await db.deleteFrom('mail_outbox').execute();
      expect(await count('outbox_changes')).toBe(0);
      // An account deleted takes its follows with it.
      await db.deleteFrom('users').execute();
      expect(await count('follows')).toBe(0);

      await migrateTo(db, BEFORE_FOLLOWS);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('follows');
      expect(tables).not.toContain('mail_outbox');
    });

    it('add alerts, whose mail lines go with them and which go with their account, and go back down', async () => {
      handle = await openTestDatabase(dialect, { upTo: BEFORE_ALERTS });
      const db: Kysely<any> = handle.db;
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'planner@example.org',
          username: 'Planner',
          password_hash: 'x',
          organization: 'o',
          country: 'Kenya',
          use_of_data: 'u',
          verified_at: 0,
          created_at: 0,
        })
        .execute();

      await migrateToLatest(db);
      const alert = {
        id: 'a1',
        user_id: 'u1',
        variable: 'Rainfall, 3-month rolling, anomaly',
        county: 'Turkana',
        comparison: 'below',
        threshold: 70.5,
        language: 'sw',
        created_at: 1,
      };
      await db.insertInto('alerts').values(alert).execute();
      expect(await db.selectFrom('alerts').selectAll().executeTakeFirstOrThrow()).toMatchObject({
        threshold: 70.5,
        last_ts: null,
        last_value: null,
        last_on_side: null,
        told_ts: null,
      });
      await db
        .insertInto('mail_outbox')
        .values({ id: 'm1', kind: 'alert', user_id: 'u1', batch: 'run-1', language: 'sw', created_at: 1 })
        .execute();
      await db
        .insertInto('outbox_alerts')
        .values({ mail_id: 'm1', alert_id: 'a1', ts: '2026-03-01', value: 60 })
        .execute();
      // An alert ended before its mail went leaves the mail nothing to say.
      await db.deleteFrom('alerts').execute();
      expect(await count('outbox_alerts')).toBe(0);
      await db.insertInto('alerts').values(alert).execute();
      await db.deleteFrom('users').execute();
      expect(await count('alerts')).toBe(0);

      await migrateTo(db, BEFORE_ALERTS);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('alerts');
      expect(tables).not.toContain('outbox_alerts');
      expect(tables).toContain('follows');
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
