import { type Kysely, Migrator } from 'kysely';
import { migrations } from '../migrations/index.ts';

/**
 * Runs every migration not yet applied; throws with the failing migration's name. On PostgreSQL,
 * `schema` names the schema that holds the migration tables: Kysely otherwise looks for them in
 * every schema, and takes another schema's tables (a parallel test run's) for its own.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: options.schema });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
