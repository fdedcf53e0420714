import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Refuses a request with no Host header (HTTP/1.1 requires one) or with several, in the error shape
 * of its route. Node would answer the first with an empty 400 of its own (its `requireHostHeader`,
 * turned off in app.ts so the request reaches this hook) and keeps only the first of several, so
 * two parts of a chain of proxies could each read a different host from the same request.
 */
export function refuseBadHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const { rawHeaders, httpVersion } = request.raw;
    let hosts = 0;
    // Names and values alternate.
    for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === 'host') hosts += 1;
    if (hosts > 1) return done(new AppError('VALIDATION_FAILED', 'error.hostRepeated'));
    if (hosts === 0 && httpVersion !== '1.0') return done(new AppError('VALIDATION_FAILED', 'error.hostMissing'));
    done();
  });
}
