import type { FastifyContextConfig, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many reads of data one client may make a minute (RATE_LIMIT_PER_MINUTE). */
    readsPerMinute: number;
  }
}

/** Reads of data a client may make a minute unless configured otherwise. */
export const DEFAULT_READS_PER_MINUTE = 600;

/**
 * The route configuration of the reads of data (the open API's and the spec's preview, export and
 * map calls): open to all, so limited per client address at the configured rate, and answering 404
 * for what they name when it does not exist.
 */
export const READ_LIMIT = {
  // When the counters' store (Redis) fails, reads are served unmetered: the data stays open.
  rateLimit: {
    max: (request: FastifyRequest) => request.server.readsPerMinute,
    timeWindow: '1 minute',
    skipOnError: true,
  },
  errors: ['NOT_FOUND'],
} satisfies FastifyContextConfig;
