import type { FastifyContextConfig } from 'fastify';

/**
 * The route configuration of the open API's reads of data: open to all, so limited per client
 * address, and answering 404 for what they name when it does not exist.
 */
export const READ_LIMIT = { rateLimit: { max: 300, timeWindow: '1 minute' }, errors: ['NOT_FOUND'] } satisfies FastifyContextConfig;
