import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { NewKnownDevice } from '../tables/accounts.table.ts';

type Db = Kysely<Database>;

/** Whether the device has logged in to the account of `email` and that is not yet forgotten at `now`. */
export async function isKnownDeviceOf(db: Db, tokenHash: string, email: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .innerJoin('users', 'users.id', 'known_devices.user_id')
    .select('known_devices.user_id')
    .where('known_devices.token_hash', '=', tokenHash)
    .where('users.email', '=', email)
    .where('known_devices.expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any account knows the device at `now`. */
export async function isKnownDevice(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a login from the device, or moves on the expiry of one it made before. */
export async function rememberDevice(db: Db, device: NewKnownDevice): Promise<void> {
  await db
    .insertInto('known_devices')
    .values(device)
    .onConflict((conflict) =>
      conflict.columns(['token_hash', 'user_id']).doUpdateSet({ expires_at: device.expires_at }),
    )
    .execute();
}

/** Forgets every device of a user (a new password: whoever logged in with the old one is a stranger again). */
export async function forgetUserDevices(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}

/** Drops the devices forgotten at or before `now`; returns how many. */
export async function deleteExpiredDevices(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('known_devices').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
