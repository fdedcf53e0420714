import type { Kysely } from 'kysely';
import type { Readiness } from '@portal/contract/health';
import type { Database } from '@portal/db/database';
import { pendingMigrations } from '@portal/db/migrate';
import { writeMeta } from '@portal/db/queries/catalog.queries';

/** The row `GET /api/ready` writes: a database that cannot take it cannot take a sign-up either. */
const PROBE_KEY = 'ready_probe';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Whether this instance can serve everything: the database takes a write, its schema is current,
 * and every dataset of the manifests is loaded. Each check says what is wrong, for the operator.
 */
export async function readiness(db: Kysely<Database>, expectedDatasets: string[]): Promise<Readiness> {
  try {
    await writeMeta(db, PROBE_KEY, new Date().toISOString());
  } catch (error) {
    // Without a database nothing else can be checked.
    const unknown = { ok: false, detail: 'database not reachable or not writable' };
    return {
      ready: false,
      checks: {
        database: { ok: false, detail: reason(error) },
        migrations: { ...unknown, pending: [] },
        data: { ...unknown, missing: [] },
      },
    };
  }
  const pending = await pendingMigrations(db);
  const loaded = new Set((await db.selectFrom('datasets').select('id').execute()).map((d) => d.id));
  const missing = expectedDatasets.filter((id) => !loaded.has(id));
  const checks = {
    database: { ok: true },
    migrations: { ok: pending.length === 0, pending },
    data: { ok: missing.length === 0, missing },
  };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
