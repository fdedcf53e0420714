import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDb } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';

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

export interface TestDatabase extends DbHandle {
  /** Drops what the test created (its PostgreSQL schema) and closes the connections. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database of the given dialect: a private in-memory SQLite database, or a new
 * schema on the test PostgreSQL server.
 */
export async function openTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = openDb('sqlite://:memory:');
    await migrateToLatest(handle.db);
    return { ...handle, cleanup: handle.destroy };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = openDb(TEST_POSTGRES_URL, { schema });
  await migrateToLatest(handle.db, { schema });
  return {
    ...handle,
    cleanup: async () => {
      await handle.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * The dialects every database suite runs on, with whether each can run here: SQLite always,
 * PostgreSQL when its server answers (a warning says so when it does not; skip that suite).
 * @example for (const { dialect, available } of await testDialects()) describe.skipIf(!available)(dialect, ...);
 */
export async function testDialects(): Promise<{ dialect: 'sqlite' | 'postgres'; available: boolean }[]> {
  const postgres = await postgresReachable();
  if (!postgres) console.warn(`SKIPPED: PostgreSQL tests, no server answers at ${TEST_POSTGRES_URL}`);
  return [
    { dialect: 'sqlite', available: true },
    { dialect: 'postgres', available: postgres },
  ];
}
