import { createHash, randomBytes } from 'node:crypto';
import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import type { MessageKey } from '@portal/contract/messages';
import { findApiTokenUser, touchApiToken } from '@portal/db/queries/api-tokens.queries';
import { createSession, deleteSession, findSessionUser } from '@portal/db/queries/sessions.queries';
import { AppError } from './errors.ts';

/** Name of the HttpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'kclew_session';

/** A login lasts two weeks; logging out, or resetting the password elsewhere, ends it sooner. */
export const SESSION_TTL_MS = 14 * 24 * 3_600_000;

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

/**
 * Marks the answer as one no browser or cache may keep: it was given to, or depends on, whoever
 * asked (a session, its cookie, a token). A hook for the routes that start, end or read a session;
 * `requireSession` does the same.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/** HttpOnly so page scripts never see the token; Lax so other sites' posts do not carry it. */
export function sessionCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_MS / 1000 };
}

/** Starts a server-side session for a user and sends its cookie. */
export async function startSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await createSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
  });
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

/** The hash of the session the request's cookie names, whether or not it is still valid. */
export function currentSessionHash(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : undefined;
}

/** Ends the request's session, if any, and tells the browser to drop the cookie. */
export async function endSession(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  const tokenHash = currentSessionHash(request);
  if (tokenHash) await deleteSession(db, tokenHash);
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(secure);
  reply.clearCookie(SESSION_COOKIE, options);
}

/** The user whose unexpired session the request's cookie names, if any. */
export async function readSessionUser(db: Kysely<Database>, request: FastifyRequest): Promise<SessionUser | undefined> {
  const tokenHash = currentSessionHash(request);
  if (!tokenHash) return undefined;
  const row = await findSessionUser(db, tokenHash, Date.now());
  return row && { id: row.id, email: row.email, username: row.username };
}

/** The owner of the personal API token in `Authorization: Bearer <token>`, if it is a live one. */
async function readApiTokenUser(db: Kysely<Database>, token: string): Promise<SessionUser | undefined> {
  const row = await findApiTokenUser(db, hashToken(token));
  if (!row) return undefined;
  await touchApiToken(db, row.token_id, Date.now());
  return { id: row.id, email: row.email, username: row.username };
}

export interface RequireSessionOptions {
  /** Whether a personal API token may stand in for the cookie (default true); account management says no. */
  apiTokens?: boolean;
  /** The refusal text (default: the spec's export message). */
  message?: MessageKey;
}

/**
 * A preHandler that lets a request through only with a valid session (or, unless turned off, a
 * personal API token as `Authorization: Bearer`), whatever its body says; the user is then on
 * `request.sessionUser`. Its answer, or refusal, is never stored.
 */
export function requireSession(db: Kysely<Database>, options: RequireSessionOptions = {}) {
  const { apiTokens = true, message = 'auth.loginFirst' } = options;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // Set first, so a refusal is not kept either.
    await noStore(request, reply);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer && apiTokens) {
      const user = await readApiTokenUser(db, bearer);
      if (!user) throw new AppError('LOGIN_REQUIRED', 'auth.tokenRevoked');
      request.sessionUser = user;
      return;
    }
    const user = await readSessionUser(db, request);
    if (!user) throw new AppError('LOGIN_REQUIRED', message);
    request.sessionUser = user;
  };
}
