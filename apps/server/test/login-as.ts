import { randomBytes } from 'node:crypto';
import { createSession } from '@portal/db/queries/sessions.queries';
import type { TestDatabase } from '@portal/db/testing';
import { hashToken, SESSION_COOKIE } from '../src/plugins/session.ts';

/** A verified user with a live session; returns the Cookie header that carries it. */
export async function loginAs(db: TestDatabase['db'], email: string): Promise<string> {
  const now = Date.now();
  const id = randomBytes(8).toString('hex');
  await db
    .insertInto('users')
    .values({
      id,
      email,
      username: 'Test User',
      password_hash: 'not-used',
      organization: 'Test',
      country: 'Kenya',
      use_of_data: 'Testing the portal',
      verified_at: now,
      created_at: now,
    })
    .execute();
  const token = randomBytes(32).toString('base64url');
  await createSession(db, { token_hash: hashToken(token), user_id: id, created_at: now, expires_at: now + 3_600_000 });
  return `${SESSION_COOKIE}=${token}`;
}
