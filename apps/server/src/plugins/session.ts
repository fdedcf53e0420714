import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { findSessionUser } from '@portal/db/queries/sessions.queries';
import { AppError } from './errors.ts';

/** Name of the HttpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'kclew_session';

export interface SessionUser {
  id: string;
  email: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

/** Tokens are stored only as their SHA-256, so a leaked table holds no usable session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('sessionUser', undefined);
}

/** The user whose unexpired session the request's cookie names, if any. */
export async function readSessionUser(db: Kysely<Database>, request: FastifyRequest): Promise<SessionUser | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const row = await findSessionUser(db, hashToken(token), Date.now());
  return row && { id: row.id, email: row.email, username: row.username };
}

/**
 * A preHandler that lets a request through only with a valid session, whatever its body says;
 * the user is then on `request.sessionUser`.
 */
export function requireSession(db: Kysely<Database>) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await readSessionUser(db, request);
    if (!user) throw new AppError('LOGIN_REQUIRED', 401, 'Login first to export data.');
    request.sessionUser = user;
  };
}
