import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

const minutes = (n: number) => n * 60_000;

/**
 * Limits of the account routes (ADR 0032, ADR 0007 for the others): per client address, generous
 * enough for an office behind one address, and per e-mail named in the body, strict, since each
 * costs an e-mail or guards one account.
 *
 * Logins are told apart by the device cookie. A browser the account does not know is limited per
 * address (every attempt) and, with the rest of the strangers, per account by its failures; a
 * browser that logged in to the account before is limited by its own failures, and the account's
 * known browsers together by their attempts (each costs a hash), so nothing a stranger does holds
 * the owner up. Failures meet a ladder of windows: the more of them, the longer the wait.
 */
export const AUTH_LIMITS = {
  login: {
    perIp: { max: 50, windowMs: minutes(10) },
    knownPerAccount: { max: 50, windowMs: minutes(10) },
    failed: [
      { max: 5, windowMs: minutes(1) },
      { max: 10, windowMs: minutes(10) },
      { max: 20, windowMs: minutes(60) },
      { max: 40, windowMs: minutes(24 * 60) },
    ],
  },
  signup: { perIp: { max: 30, windowMs: minutes(10) }, perEmail: { max: 5, windowMs: minutes(60) } },
  forgotPassword: { perIp: { max: 30, windowMs: minutes(10) }, perEmail: { max: 5, windowMs: minutes(60) } },
  link: { perIp: { max: 30, windowMs: minutes(10) } },
  session: { perIp: { max: 300, windowMs: minutes(10) } },
  account: { perIp: { max: 100, windowMs: minutes(10) } },
  // A mail provider posts the one-click unsubscribes of many readers from few addresses.
  unsubscribe: { perIp: { max: 300, windowMs: minutes(10) } },
} as const satisfies Record<string, { perIp: Limit } & Record<string, Limit | readonly Limit[]>>;

export interface Limiter {
  /** Counts this request and refuses it (429) when the limit is passed. */
  hit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Refuses (429) when the limit is already reached, without counting this request. */
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Counts this request without refusing it (a failure found after the work was done). */
  count: (request: FastifyRequest) => Promise<void>;
}

/** Refuses a request for `seconds` (429 with Retry-After), saying how long to wait in seconds, minutes or hours, rounded up. */
export function refuseFor(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', seconds);
  if (seconds < 60) throw new AppError('RATE_LIMITED', 'auth.tooManyAttemptsSeconds', { count: seconds });
  if (seconds < 3600)
    throw new AppError('RATE_LIMITED', 'auth.tooManyAttemptsMinutes', { count: Math.ceil(seconds / 60) });
  throw new AppError('RATE_LIMITED', 'auth.tooManyAttemptsHours', { count: Math.ceil(seconds / 3600) });
}

/**
 * A fixed-window limiter over @fastify/rate-limit's store, keyed by client address unless `key` is
 * given. `name` keeps its counters apart from the other limiters' in a store they share (Redis).
 * When the store fails the request fails too (500): guessing passwords must not get through while
 * the counters are away.
 */
export function limiter(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  key: (request: FastifyRequest) => string = byIp,
): Limiter {
  const apply = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
    skipOnError: false,
  });
  return {
    hit: async (request, reply) => {
      const result = await apply(request);
      if (!result.isAllowed && result.isExceeded) refuseFor(reply, result.ttlInSeconds);
    },
    check: async (request, reply) => {
      const result = await apply(request, { increment: false });
      if (!result.isAllowed && result.remaining === 0) refuseFor(reply, result.ttlInSeconds);
    },
    count: async (request) => {
      await apply(request);
    },
  };
}

/** Keys a limit by the client's address (an IPv6 address by its /64 network, as @fastify/rate-limit does). */
export const byIp = (request: FastifyRequest) => normalizeIP(request.ip);

/** Keys a limit by the e-mail in the (already validated) body. */
export const byEmail = (request: FastifyRequest) => String((request.body as { email: string }).email);
