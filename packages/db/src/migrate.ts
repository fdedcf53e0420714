import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from '../migrations/index.ts';

/**
 * Give `schema` when the database is one PostgreSQL schema among others: Kysely otherwise takes
 * another schema's migration tables for its own and then fails to find them.
 */
interface MigrateOptions {
  schema?: string;
}

const migrator = (db: Kysely<Database>, options: MigrateOptions) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: options.schema });

/** The names of the migrations that ran; throws with the failing migration's name. */
function applied({ error, results = [] }: MigrationResultSet): string[] {
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs every migration not yet applied; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, options: MigrateOptions = {}): Promise<string[]> {
  return applied(await migrator(db, options).migrateToLatest());
}

/** Migrates up or down to the named migration (a test of a migration starts from the state before it). */
export async function migrateTo(db: Kysely<Database>, name: string, options: MigrateOptions = {}): Promise<string[]> {
  return applied(await migrator(db, options).migrateTo(name));
}

/** The migrations the database has not run yet, by name (empty when its schema is current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  // Kysely's own table, read through the connection's search path (a test's schema, else public).
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const ran = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !ran.has(name));
}
