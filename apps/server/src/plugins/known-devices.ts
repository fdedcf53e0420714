import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { isKnownDevice, isKnownDeviceOf, rememberDevice } from '@portal/db/queries/known-devices.queries';
import { hashToken } from './session.ts';

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (ADR 0032):
 * a random token, stored only as its SHA-256 beside each account that logged in with it, so it
 * cannot be forged and vouches for those accounts alone.
 */
export const DEVICE_COOKIE = 'kclew_device';

/** A browser that logs in at least once a year stays known. */
export const DEVICE_TTL_MS = 365 * 24 * 3_600_000;

/**
 * HttpOnly, SameSite=Lax and Secure like the session's; sent with the login call alone, the one
 * place that reads it.
 */
export function deviceCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: API.login, httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_TTL_MS / 1000 };
}

/** The hash of the request's device cookie, if it sent one. */
export function deviceHash(request: FastifyRequest): string | undefined {
  const token = request.cookies[DEVICE_COOKIE];
  return token ? hashToken(token) : undefined;
}

/** Whether the request comes from a browser that has logged in to the account of `email` before. */
export async function isDeviceOf(db: Kysely<Database>, request: FastifyRequest, email: string): Promise<boolean> {
  const hash = deviceHash(request);
  return hash !== undefined && isKnownDeviceOf(db, hash, email, Date.now());
}

/**
 * Remembers that the browser logged in to the user's account and (re)sends its cookie. A browser
 * that some account knows keeps its token, so it stays known to the others it logged in to; any
 * other gets a new one, so a token the portal did not issue is never adopted.
 */
export async function rememberLogin(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<void> {
  const now = Date.now();
  const sent = request.cookies[DEVICE_COOKIE];
  const token = sent && (await isKnownDevice(db, hashToken(sent), now)) ? sent : randomBytes(32).toString('base64url');
  await rememberDevice(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: now + DEVICE_TTL_MS,
  });
  reply.setCookie(DEVICE_COOKIE, token, deviceCookieOptions(secure));
}
