import { randomUUID } from 'node:crypto';
import { createUser } from '@portal/db/queries/users.queries';
import type { TestDatabase } from '@portal/db/testing';
import { hashPassword } from '../src/services/passwords.ts';

/** A user written straight to the database, verified unless told otherwise; returns its id. */
export async function addUser(db: TestDatabase['db'], email: string, password: string, verified = true): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await createUser(db, {
    id,
    email,
    username: 'Test User',
    password_hash: await hashPassword(password),
    organization: 'Test Organisation',
    country: 'Kenya',
    use_of_data: 'Testing the data portal',
    verified_at: verified ? now : null,
    created_at: now,
  });
  return id;
}
