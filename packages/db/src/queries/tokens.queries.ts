import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { NewToken, TokensTable } from '../tables/accounts.table.ts';

type Db = Kysely<Database>;

export async function createToken(db: Db, token: NewToken): Promise<void> {
  await db.insertInto('tokens').values(token).execute();
}

/** A token of the given purpose by its hash, spent or not, expired or not; undefined when unknown. */
export function findToken(db: Db, tokenHash: string, purpose: TokensTable['purpose']) {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Spends a token if it is still unused and unexpired at `now`. One statement, so two requests
 * racing with the same link cannot both succeed.
 * @returns whether this call spent it
 */
export async function spendToken(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops a user's unspent tokens of one purpose, so only the newest link works. */
export async function deleteUnusedTokens(db: Db, userId: string, purpose: TokensTable['purpose']): Promise<void> {
  await db
    .deleteFrom('tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Drops the one-time links, spent or not, that expired before `before`; returns how many. */
export async function deleteTokensExpiredBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
