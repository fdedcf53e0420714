import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, SpecErrorBody } from '@portal/contract/errors';

/** An error whose status and message are meant for the caller. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} was not found`);

/** The one error handler: known errors keep their status, anything else is a 500 without detail. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const requestId = String(request.id);
    // The spec's own calls read `error` as a text; the versioned API nests code and details.
    const specShape = !request.url.startsWith('/api/v1/');
    const body = (code: ErrorCode, message: string, details?: unknown): ApiErrorBody | SpecErrorBody =>
      specShape ? { error: message, code, requestId } : { error: { code, message, ...(details === undefined ? {} : { details }), requestId } };
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A field breaking several rules is reported by its first, as the forms show it.
      const seen = new Set<string>();
      const details = error.validation.map((v) => ({ path: v.instancePath || '/', message: v.message })).filter((d) => !seen.has(d.path) && seen.add(d.path));
      // The spec's pages show `error` as it is, so it carries the rules' own words ('Invalid email');
      // /api/v1 callers are programs, told where each problem is.
      // zod's own wording ('Invalid input: expected array ...') does not say which field, so name it.
      const field = (d: { path: string; message?: string }) =>
        /^(Invalid|Too |Unrecognized)/.test(d.message ?? '') && d.path !== '/' ? `${d.path.slice(1)}: ${d.message}` : (d.message ?? 'Invalid input');
      const message = specShape
        ? details.map(field).join('; ')
        : `Invalid request (${error.validationContext}): ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;
      return reply.status(400).send(body('VALIDATION_FAILED', message, details));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) return reply.status(413).send(body('BODY_TOO_LARGE', 'The request body is too large'));
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', 'Too many requests, please wait a moment and try again'));
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(body('VALIDATION_FAILED', (error as Error).message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side; quote the request id if you report it'));
  });
}
