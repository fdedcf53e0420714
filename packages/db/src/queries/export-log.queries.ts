import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/**
 * Notes an export in the user's history (shown on their My account page). Export routes call it
 * once the file is ready.
 * @example await recordExport(db, request.sessionUser.id, 'Timeseries: Energy / Access, 2019-01-01 to 2023-12-31');
 */
export async function recordExport(db: Db, userId: string, what: string): Promise<void> {
  await db
    .insertInto('export_log')
    .values({ id: randomUUID(), user_id: userId, what, created_at: Date.now() })
    .execute();
}

/** A user's most recent exports, newest first. */
export function listExports(db: Db, userId: string, limit = 100) {
  return db
    .selectFrom('export_log')
    .select(['what', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
