import { type Kysely, sql } from 'kysely';
import type { Database } from './database.ts';
import { isSqlite } from './dialect.ts';

/** Imports waiting on each SQLite handle, in order: one at a time on one connection. */
const sqliteQueues = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `work` while no other import writes to the same database. On PostgreSQL an advisory lock
 * (per schema, so test schemas do not wait on each other) held on one connection serialises every
 * process, so two replicas starting together on an empty database load the data once, one after
 * the other; `work` runs on that connection. SQLite is served by one process per file: imports on
 * one handle queue up in that process.
 */
export async function withImportLock<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (isSqlite(db)) {
    const before = sqliteQueues.get(db) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => work(db));
    sqliteQueues.set(db, run);
    return run;
  }
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('portal-import:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
