import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** Where the portal's counters live in a Redis shared with others. */
export const RATE_LIMIT_KEY_PREFIX = 'portal:rate-limit:';

export interface RateLimitStore {
  /** Redis for the counters; in-process counters when absent. */
  redisUrl?: string;
  /** The prefix of the counters' keys in Redis; RATE_LIMIT_KEY_PREFIX when absent. */
  keyPrefix?: string;
}

/**
 * Registers @fastify/rate-limit with no global limit (routes set theirs). With Redis every replica
 * behind one load balancer counts a client together, so N replicas do not allow N times the limit.
 */
export async function registerRateLimits(app: FastifyInstance, store: RateLimitStore): Promise<void> {
  if (!store.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // A request waits about a second at most when Redis is away, instead of queueing until it is back
  // (the settings @fastify/rate-limit recommends).
  const redis = new Redis(store.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis of the rate limits is unreachable'));
  // Runs once the requests in flight are done; disconnect when Redis is away, since QUIT would wait for it.
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: store.keyPrefix ?? RATE_LIMIT_KEY_PREFIX });
}
