import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import type { PortalMetrics } from '../services/metrics.ts';
import { AppError } from './errors.ts';

export interface MetricsOptions {
  metrics: PortalMetrics;
  /** What a scraper sends as `Authorization: Bearer <token>` (METRICS_TOKEN). */
  token: string;
  db: Kysely<Database>;
  /** The datasets the manifests name, as `/api/ready` waits for them. */
  expectedDatasets: string[];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts and times every request by its route pattern (never the raw URL, so a crawler asking for
 * random paths cannot add series) and serves the metrics at `GET /metrics` to whoever sends the
 * token. Without options nothing is measured and `/metrics` answers 404 like any unknown path.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions | undefined): void {
  if (!options) {
    app.get(API.metrics, { schema: { hide: true } }, async (request) => {
      throw new AppError('NOT_FOUND', 'error.noRoute', { method: request.method, path: API.metrics });
    });
    return;
  }
  const { metrics, token, db, expectedDatasets } = options;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  metrics.watchDatasets(async () => {
    const loaded = new Set((await db.selectFrom('datasets').select('id').execute()).map((d) => d.id));
    return { expected: expectedDatasets.length, loaded: expectedDatasets.filter((id) => loaded.has(id)).length };
  });
  const expected = digest(`Bearer ${token}`);
  app.get(API.metrics, { schema: { hide: true }, config: { errors: ['TOKEN_REQUIRED'] } }, async (request, reply) => {
    // Compared as digests of equal length, in constant time, so the answer's timing says nothing of the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('TOKEN_REQUIRED', 'error.metricsToken');
    }
    return reply
      .type(metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
