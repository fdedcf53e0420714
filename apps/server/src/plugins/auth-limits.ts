import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

const minutes = (n: number) => n * 60_000;

/**
 * Limits of the account routes (ADR 0007): per client address, generous enough for an office
 * behind one address, and per e-mail named in the body, strict, since each costs an e-mail or
 * guards one account. Login counts only failed attempts, per account and address (strict: stops
 * guessing from one place) and per account from anywhere (a ceiling ten times higher, against
 * guessing spread over many addresses); so a stranger's failures lock out the stranger's address,
 * and the owner still logs in from another.
 */
export const AUTH_LIMITS = {
  login: {
    perIp: { max: 50, windowMs: minutes(10) },
    failedPerEmailAndIp: { max: 10, windowMs: minutes(15) },
    failedPerEmail: { max: 100, windowMs: minutes(15) },
  },
  signup: { perIp: { max: 30, windowMs: minutes(10) }, perEmail: { max: 5, windowMs: minutes(60) } },
  forgotPassword: { perIp: { max: 30, windowMs: minutes(10) }, perEmail: { max: 5, windowMs: minutes(60) } },
  link: { perIp: { max: 30, windowMs: minutes(10) } },
  session: { perIp: { max: 300, windowMs: minutes(10) } },
  account: { perIp: { max: 100, windowMs: minutes(10) } },
} as const satisfies Record<string, { perIp: Limit } & Record<string, Limit>>;

export interface Limiter {
  /** Counts this request and refuses it (429) when the limit is passed. */
  hit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Refuses (429) when the limit is already reached, without counting this request. */
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  const refuse = (reply: FastifyReply, ttlInSeconds: number): never => {
    reply.header('retry-after', ttlInSeconds);
    // The wait in seconds below a minute, else in whole minutes, rounded up.
    if (ttlInSeconds < 60) throw new AppError('RATE_LIMITED', 'auth.tooManyAttemptsSeconds', { count: ttlInSeconds });
    throw new AppError('RATE_LIMITED', 'auth.tooManyAttemptsMinutes', { count: Math.ceil(ttlInSeconds / 60) });
  };
  return {
    hit: async (request, reply) => {
      const result = await apply(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
    },
    check: async (request, reply) => {
      const result = await apply(request, { increment: false });
      if (!result.isAllowed && result.remaining === 0) refuse(reply, result.ttlInSeconds);
    },
  };
}

/** Keys a limit by the client's address (an IPv6 address by its /64 network, as @fastify/rate-limit does). */
export const byIp = (request: FastifyRequest) => normalizeIP(request.ip);

/** Keys a limit by the e-mail in the (already validated) body. */
export const byEmail = (request: FastifyRequest) => String((request.body as { email: string }).email);

/** Keys a limit by the e-mail in the body and the client's address. */
export const byEmailAndIp = (request: FastifyRequest) => `${byEmail(request)} ${request.ip}`;
