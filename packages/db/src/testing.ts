import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DbHandle, openDb, type OpenDbOptions } from './dialect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { numberDatasetRows } from './queries/dataset-rows.queries.ts';
import type { LocationKind, Period } from './tables/timeseries.table.ts';

/** The PostgreSQL server the tests use; override with TEST_DATABASE_URL. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether the test PostgreSQL server answers; tests on it are skipped, visibly, when it does not. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the test PostgreSQL server's own database, on a connection of its own. */
async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
}

/** The prefix of every database a test creates, followed by its creation time in epoch seconds. */
export const TEST_DATABASE_PREFIX = 'portal_test_';

/**
 * A new database on the test PostgreSQL server, empty or a copy of `template`; `drop` removes it,
 * ending any connection still open. Tests get a database each, not a schema each in one database:
 * Kysely's migrator reads the columns of every schema in its database, and a column that a test
 * beside it drops meanwhile fails that read ("column ... does not exist").
 */
export async function createScratchDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  return {
    url: testPostgresUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export interface TestDatabase extends DbHandle {
  /** Drops what the test created (its PostgreSQL database) and closes the connections. */
  cleanup(): Promise<void>;
  /**
   * Another handle on the same database, as a second process would open it (PostgreSQL: its own
   * connections; SQLite in memory cannot be shared, so the same handle). Closed by `cleanup`.
   */
  another(): DbHandle['db'];
}

/** A handle on a new PostgreSQL database, with `another` and a `cleanup` that drops the database. */
async function openScratch(options: { template?: string; log?: OpenDbOptions['log'] }): Promise<TestDatabase> {
  const scratch = await createScratchDatabase({ template: options.template });
  const handle = openDb(scratch.url, { log: options.log });
  const others: DbHandle[] = [];
  return {
    ...handle,
    another: () => {
      others.push(openDb(scratch.url));
      return others[others.length - 1].db;
    },
    cleanup: async () => {
      for (const other of others) await other.destroy();
      await handle.destroy();
      await scratch.drop();
    },
  };
}

/**
 * A fresh, migrated database of the given dialect: a private in-memory SQLite database, or a new
 * database on the test PostgreSQL server. `upTo` stops after the named migration; `log` is told of every query.
 */
export async function openTestDatabase(
  dialect: 'sqlite' | 'postgres',
  options: { upTo?: string; log?: OpenDbOptions['log'] } = {},
): Promise<TestDatabase> {
  const handle =
    dialect === 'sqlite'
      ? sqliteInMemory(openDb('sqlite://:memory:', { log: options.log }))
      : await openScratch({ log: options.log });
  try {
    await (options.upTo ? migrateTo(handle.db, options.upTo) : migrateToLatest(handle.db));
  } catch (error) {
    await handle.cleanup();
    throw error;
  }
  return handle;
}

/** An in-memory SQLite handle as a TestDatabase: it cannot be shared, so `another` is itself. */
function sqliteInMemory(handle: DbHandle): TestDatabase {
  return { ...handle, cleanup: handle.destroy, another: () => handle.db };
}

const DIALECTS = ['sqlite', 'postgres'] as const;

/**
 * The dialects the tests run on: both, unless DIALECTS names one (`DIALECTS=sqlite npx vitest run`,
 * for a quicker run by hand; `npm test` runs both).
 */
export function chosenDialects(): ('sqlite' | 'postgres')[] {
  const asked = process.env.DIALECTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!asked?.length) return [...DIALECTS];
  const unknown = asked.filter((name) => !(DIALECTS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`DIALECTS names ${unknown.join(', ')}: use sqlite, postgres or both, separated by a comma`);
  return DIALECTS.filter((name) => asked.includes(name));
}

/**
 * The dialects every database suite runs on, with whether each can run here: SQLite always,
 * PostgreSQL when its server answers (a warning says so when it does not; skip that suite). A
 * dialect DIALECTS leaves out is not listed.
 * @example for (const { dialect, available } of await testDialects()) describe.skipIf(!available)(dialect, ...);
 */
export async function testDialects(): Promise<{ dialect: 'sqlite' | 'postgres'; available: boolean }[]> {
  const dialects = chosenDialects();
  const postgres = dialects.includes('postgres') && (await postgresReachable());
  if (dialects.includes('postgres') && !postgres)
    console.warn(`SKIPPED: PostgreSQL tests, no server answers at ${TEST_POSTGRES_URL}`);
  return dialects.map((dialect) => ({ dialect, available: dialect === 'sqlite' || postgres }));
}

/**
 * What a template database holds: `catalogue` is migrated with the shipped catalogue loaded (what
 * the portal holds before its first import); `data` has every shipped dataset imported as well.
 */
export type TemplateName = 'catalogue' | 'data';

/** Where a test run's templates are: a serialized SQLite file and a PostgreSQL database for each. */
export interface TestTemplates {
  sqlite: Record<TemplateName, string>;
  postgres?: Record<TemplateName, string>;
}

/** The environment variable by which vitest's global setup (test/template-databases.ts) tells each test file of the templates. */
export const TEST_TEMPLATES_ENV = 'PORTAL_TEST_TEMPLATES';

function testTemplates(): TestTemplates {
  const json = process.env[TEST_TEMPLATES_ENV];
  if (!json)
    throw new Error(
      `${TEST_TEMPLATES_ENV} is not set: run the tests through vitest.config.ts, whose global setup builds the template databases`,
    );
  return JSON.parse(json) as TestTemplates;
}

/** The file of one of the run's SQLite templates, for a portal process to run on a copy of. */
export function sqliteTemplateFile(template: TemplateName): string {
  return testTemplates().sqlite[template];
}

/** The URL of another database on the test PostgreSQL server. */
export function testPostgresUrl(database: string): string {
  return Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${database}` }).href;
}

/**
 * A private copy of one of the run's template databases, built once per run instead of migrating,
 * loading the catalogue and importing the data in every test file: an in-memory SQLite database
 * opened from the template's serialized image, or a new PostgreSQL database made from the template
 * (`create database ... template`), dropped by `cleanup`.
 */
export async function openTemplateCopy(
  dialect: 'sqlite' | 'postgres',
  template: TemplateName,
  options: { log?: OpenDbOptions['log'] } = {},
): Promise<TestDatabase> {
  const templates = testTemplates();
  if (dialect === 'sqlite')
    return sqliteInMemory(
      openDb('sqlite://:memory:', { log: options.log, image: readFileSync(templates.sqlite[template]) }),
    );
  if (!templates.postgres)
    throw new Error(
      'the global setup built no PostgreSQL template: its server did not answer, or DIALECTS left it out',
    );
  return openScratch({ template: templates.postgres[template], log: options.log });
}

/** A small timeseries for tests: one dataset, its variables, locations and observations by name. */
export interface TimeseriesFixture {
  dataset: string;
  variables: {
    sources: string[];
    name: string;
    unit: string;
    period: Period;
    definition?: string;
    code?: string;
    derivation?: string;
  }[];
  locations: { name: string; kind?: LocationKind; countyCode?: number }[];
  observations: [variable: string, location: string, ts: string, value: number][];
}

/**
 * Writes a fixture into a migrated database whose catalogue is loaded (variables name real sources).
 * @example await seedTimeseries(db, { dataset: 'census', variables: [...], locations: [...], observations: [...] });
 */
export async function seedTimeseries(db: DbHandle['db'], fixture: TimeseriesFixture): Promise<void> {
  await db
    .insertInto('datasets')
    .values({
      id: fixture.dataset,
      title: `${fixture.dataset} (test)`,
      publisher: 'Test Publisher',
      licence: 'CC BY 4.0',
      licence_id: 'CC-BY-4.0',
      citation: `Test Publisher (2024). ${fixture.dataset}.`,
      source_url: 'https://example.org/data',
      file: `test/${fixture.dataset}.csv`,
      retrieved: '2024-01-01',
      checksum: 'x',
      rows_loaded: fixture.observations.length,
      rows_rejected: 0,
      loaded_at: 0,
      notes: null,
    })
    .execute();
  const variableIds = new Map<string, number>();
  for (const v of fixture.variables) {
    const { sources, definition = null, code = null, derivation = null, ...variable } = v;
    const { id } = await db
      .insertInto('variables')
      .values({ dataset_id: fixture.dataset, ...variable, definition, code, derivation })
      .returning('id')
      .executeTakeFirstOrThrow();
    variableIds.set(v.name, id);
    await db
      .insertInto('variable_sources')
      .values(sources.map((source_id) => ({ variable_id: id, source_id })))
      .execute();
  }
  const locationIds = new Map<string, number>();
  for (const l of fixture.locations) {
    const existing = await db.selectFrom('locations').select('id').where('name', '=', l.name).executeTakeFirst();
    const { id } =
      existing ??
      (await db
        .insertInto('locations')
        .values({ name: l.name, kind: l.kind ?? 'county', county_code: l.countyCode ?? null })
        .returning('id')
        .executeTakeFirstOrThrow());
    locationIds.set(l.name, id);
  }
  const rows = fixture.observations.map(([variable, location, ts, value]) => ({
    variable_id: variableIds.get(variable)!,
    location_id: locationIds.get(location)!,
    ts,
    value,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('observations')
      .values(rows.slice(i, i + 1000))
      .execute();
  await db
    .updateTable('variables')
    .set((eb) => ({
      first_ts: eb
        .selectFrom('observations as o')
        .select((o) => o.fn.min('o.ts').as('ts'))
        .whereRef('o.variable_id', '=', 'variables.id'),
      last_ts: eb
        .selectFrom('observations as o')
        .select((o) => o.fn.max('o.ts').as('ts'))
        .whereRef('o.variable_id', '=', 'variables.id'),
    }))
    .where('dataset_id', '=', fixture.dataset)
    .execute();
  await numberDatasetRows(db, fixture.dataset);
}
