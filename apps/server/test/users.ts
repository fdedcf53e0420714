import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { createUser } from '@portal/db/queries/users.queries';
import type { TestDatabase } from '@portal/db/testing';

/**
 * The password hashed with argon2id at the least cost it takes. A login checks a hash with the cost
 * written in it, so a test's hundreds of logins (guessing, rate limits) take milliseconds, not a
 * quarter of a second each on a busy machine; the portal's own cost is for the hashes it makes
 * (sign-up, reset, a changed password).
 */
const cheapHash = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 8, timeCost: 1, parallelism: 1 });

/** A user written straight to the database, verified unless told otherwise; returns its id. */
export async function addUser(
  db: TestDatabase['db'],
  email: string,
  password: string,
  verified = true,
): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await createUser(db, {
    id,
    email,
    username: 'Test User',
    password_hash: await cheapHash(password),
    organization: 'Test Organisation',
    country: 'Kenya',
    use_of_data: 'Testing the data portal',
    verified_at: verified ? now : null,
    created_at: now,
  });
  return id;
}
