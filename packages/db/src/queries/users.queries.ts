import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { NewUser } from '../tables/accounts.table.ts';

type Db = Kysely<Database>;

export async function createUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** The user with this (lower-cased) e-mail, or undefined. */
export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the e-mail verified at `now`, keeping the first verification time. */
export async function markUserVerified(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ verified_at: now })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .execute();
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}
