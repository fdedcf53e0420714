import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from '../migrations/index.ts';

/** The names of the migrations the database has run (none when it has never been migrated). */
async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    // No table yet: a new database. Any other fault shows again, with its reason, when the migrator runs.
    return [];
  }
}

/**
 * Migrations the database has run that this release does not know, all newer than its own newest:
 * a newer release migrated the database during a rolling upgrade, and this one runs on the expanded
 * schema as it is (docs/operations.md: expand, then contract). An unknown migration older than this
 * release's newest is another history, which the migrator refuses.
 */
export async function newerMigrations(db: Kysely<Database>): Promise<string[]> {
  const newest = Object.keys(migrations).sort().at(-1) ?? '';
  return (await executedMigrations(db)).filter((name) => !(name in migrations) && name > newest);
}

async function migrator(db: Kysely<Database>): Promise<Migrator> {
  // Kysely refuses a database that ran a migration it is not given: the newer ones are given as
  // placeholders, never run, since the database has run them.
  const placeholders = Object.fromEntries((await newerMigrations(db)).map((name) => [name, { up: async () => {} }]));
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations, ...placeholders }) } });
}

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
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return applied(await (await migrator(db)).migrateToLatest());
}

/** Migrates up or down to the named migration (a test of a migration starts from the state before it). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return applied(await (await migrator(db)).migrateTo(name));
}

/** The migrations the database has not run yet, by name (empty when its schema is current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const ran = new Set(await executedMigrations(db));
  return Object.keys(migrations).filter((name) => !ran.has(name));
}
