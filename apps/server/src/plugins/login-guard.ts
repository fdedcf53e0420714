import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { AUTH_LIMITS, byEmail, byIp, type Limit, type Limiter, limiter, refuseFor } from './auth-limits.ts';
import { AppError } from './errors.ts';
import { deviceHash, isDeviceOf } from './known-devices.ts';

/** The limits of one kind of login (ADR 0032). */
interface LoginLimits {
  /** Every attempt, counted before the password is checked. */
  attempts: Limiter;
  /** Failed attempts, on windows from the longest, so a refusal names the whole wait. */
  failures: Limiter[];
  /** Whose password checks take turns in this process. */
  turn: (request: FastifyRequest) => string;
}

/** Runs a login's password check, `logIn`, within the limits of the browser it comes from. */
export type LoginGuard = <T>(request: FastifyRequest, reply: FastifyReply, logIn: () => Promise<T>) => Promise<T>;

/**
 * The login's limits (AUTH_LIMITS.login): a browser the account knows (its device cookie) by its
 * own failures and the account's known browsers' attempts, any other by its address and, with
 * every other stranger, by the account's failures. Whatever is refused is refused before the
 * password is hashed, so a flood costs no hashing. Logins to one account from strangers (from one
 * known browser) take turns in this process, a login arriving during another's check refused at
 * once: the failures are read by one login at a time, so simultaneous guesses cannot all pass the
 * limit before the first of them is counted.
 */
export function loginGuard(app: FastifyInstance, db: Kysely<Database>): LoginGuard {
  const byDevice = (request: FastifyRequest) => deviceHash(request) ?? '';
  const ladder = (name: string, key: (request: FastifyRequest) => string) =>
    [...AUTH_LIMITS.login.failed]
      .sort((a, b) => b.windowMs - a.windowMs)
      .map((limit: Limit) => limiter(app, `${name}-${limit.windowMs / 60_000}m`, limit, key));
  const strangers: LoginLimits = {
    attempts: limiter(app, 'login-ip', AUTH_LIMITS.login.perIp, byIp),
    failures: ladder('login-failed', byEmail),
    turn: (request) => `account ${byEmail(request)}`,
  };
  const known: LoginLimits = {
    attempts: limiter(app, 'login-known', AUTH_LIMITS.login.knownPerAccount, byEmail),
    failures: ladder('login-failed-device', byDevice),
    turn: (request) => `device ${byDevice(request)}`,
  };
  const checking = new Set<string>();

  return async (request, reply, logIn) => {
    const limits = (await isDeviceOf(db, request, byEmail(request))) ? known : strangers;
    const turn = limits.turn(request);
    if (checking.has(turn)) refuseFor(reply, 1);
    checking.add(turn);
    try {
      for (const failures of limits.failures) await failures.check(request, reply);
      await limits.attempts.hit(request, reply);
      return await logIn();
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
        for (const failures of limits.failures) await failures.count(request);
      throw error;
    } finally {
      checking.delete(turn);
    }
  };
}
