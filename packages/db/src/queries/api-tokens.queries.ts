import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { NewApiToken } from '../tables/accounts.table.ts';

type Db = Kysely<Database>;

export async function createApiToken(db: Db, token: NewApiToken): Promise<void> {
  await db.insertInto('api_tokens').values(token).execute();
}

/** A user's tokens, newest first, without their hashes. */
export function listApiTokens(db: Db, userId: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countApiTokens(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Revokes one of the user's tokens; another user's token id revokes nothing. */
export async function deleteApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The owner of a token by the token's hash, or undefined. */
export function findApiTokenUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['users.id', 'users.email', 'users.username', 'api_tokens.id as token_id'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchApiToken(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
