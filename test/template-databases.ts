// vitest's global setup: the template databases of one test run, built once before the first test
// file and copied by each (openTemplateCopy in @portal/db/testing), instead of every file
// migrating, loading the catalogue and importing the shipped data itself (seconds a file).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import {
  chosenDialects,
  postgresReachable,
  TEST_DATABASE_PREFIX,
  TEST_POSTGRES_URL,
  TEST_TEMPLATES_ENV,
  testPostgresUrl,
  type TestTemplates,
} from '@portal/db/testing';
import { importData, loadCatalog } from '@portal/importer';

/** Databases of runs that ended without their teardown or cleanup (a killed run) are dropped after this long. */
const STALE_AFTER_S = 6 * 3600;
const PREFIX = 'portal_template_';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** SQLite: the catalogue template, then the data template, each written to a file by `vacuum into`. */
async function sqliteTemplates(dir: string): Promise<TestTemplates['sqlite']> {
  const { db, destroy } = openDb('sqlite://:memory:');
  const files = { catalogue: join(dir, 'catalogue.sqlite'), data: join(dir, 'data.sqlite') };
  try {
    await migrateToLatest(db);
    await loadCatalog(db);
    await sql`vacuum into ${files.catalogue}`.execute(db);
    await importData(db, {});
    await sql`vacuum into ${files.data}`.execute(db);
    return files;
  } finally {
    await destroy();
  }
}

/** PostgreSQL: a database migrated with the catalogue, and a copy of it with the data imported. */
async function postgresTemplates(stamp: string): Promise<TestTemplates['postgres']> {
  const names = { catalogue: `${PREFIX}${stamp}_catalogue`, data: `${PREFIX}${stamp}_data` };
  await admin(async (client) => {
    const now = Date.now() / 1000;
    // Both kinds of name go on with the epoch second they were made at.
    for (const prefix of [PREFIX, TEST_DATABASE_PREFIX]) {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows)
        if (now - Number(datname.slice(prefix.length).split('_')[0]) > STALE_AFTER_S)
          await client.query(`drop database if exists ${datname} with (force)`);
    }
    await client.query(`create database ${names.catalogue}`);
  });
  const catalogue = openDb(testPostgresUrl(names.catalogue));
  try {
    await migrateToLatest(catalogue.db);
    await loadCatalog(catalogue.db);
  } finally {
    await catalogue.destroy();
  }
  await admin((client) => client.query(`create database ${names.data} template ${names.catalogue}`));
  const data = openDb(testPostgresUrl(names.data));
  try {
    await importData(data.db, {});
  } finally {
    await data.destroy();
  }
  return names;
}

export default async function setup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  const dialects = chosenDialects();
  const postgres = dialects.includes('postgres') && (await postgresReachable());
  const stamp = `${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  const [sqlite, postgresNames] = await Promise.all([
    sqliteTemplates(dir),
    postgres ? postgresTemplates(stamp) : undefined,
  ]);
  const templates: TestTemplates = { sqlite, postgres: postgresNames };
  process.env[TEST_TEMPLATES_ENV] = JSON.stringify(templates);
  console.log(`Template databases (catalogue, shipped data) built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresNames)
      await admin(async (client) => {
        for (const name of Object.values(postgresNames))
          await client.query(`drop database if exists ${name} with (force)`);
      });
  };
}
