import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

/**
 * Answers 404 for the source maps the web build writes beside its files (`*.map`, `sw.js.map`
 * included): they would hand anyone the portal's source with its comments, and no visitor's browser
 * needs them. `npm run dev` serves its own for development (ADR 0026).
 */
export function refuseSourceMaps(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('.map')) return done(notFound('error.noRoute', { method: request.method, path }));
    done();
  });
}
