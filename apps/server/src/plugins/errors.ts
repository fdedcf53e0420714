import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema, ERROR_STATUS, type ErrorCode, SpecErrorSchema, WmsErrorSchema } from '@portal/contract/errors';
import { fieldName, type Issue, isMapText, issueText, partName } from '@portal/contract/issues';
import { key, type MessageKey, textOf, translator } from '@portal/contract/messages';

/**
 * The body an error is answered in, chosen by the route's configuration: the spec's calls read
 * `error` as the text to show, the open API nests code, message and details, and the spec's map
 * call keeps its `status`. Errors raised before a route is known (an unknown path, a URL or headers
 * too long) take the spec's shape, except that an address under /api/v1 the router cannot read (a
 * broken escape such as `%FF`) is answered in the open API's, as its routes document.
 */
export type ErrorShape = 'spec' | 'v1' | 'wms';
const DEFAULT_SHAPE: ErrorShape = 'spec';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorShape?: ErrorShape;
    /** The codes the route's own code may raise, beyond those every route of its kind can answer (listed in the OpenAPI document). */
    errors?: ErrorCode[];
  }
}

type Values = Record<string, string | number>;

/**
 * An error whose code, status (ERROR_STATUS) and text are meant for the caller. The text is a
 * catalogue key with its values, answered in the request's language; `message` holds it in English
 * for the log.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly values?: Values,
    readonly details?: unknown,
  ) {
    super(textOf(translator(), messageKey, values));
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (messageKey: MessageKey, values?: Values) => new AppError('NOT_FOUND', messageKey, values);

const SHAPES = {
  spec: {
    schema: SpecErrorSchema,
    body: (code: ErrorCode, message: string, requestId: string) => ({ error: message, code, requestId }),
  },
  v1: {
    schema: ApiErrorSchema,
    body: (code: ErrorCode, message: string, requestId: string, details?: unknown) => ({
      error: { code, message, ...(details === undefined ? {} : { details }), requestId },
    }),
  },
  wms: {
    schema: WmsErrorSchema,
    body: (code: ErrorCode, message: string, requestId: string) => ({
      status: 'error' as const,
      error: message,
      code,
      requestId,
    }),
  },
} satisfies Record<
  ErrorShape,
  { schema: z.ZodMiniType; body: (code: ErrorCode, message: string, requestId: string, details?: unknown) => unknown }
>;

/** Errors of the framework (body parser, router) by status, so that they answer a declared code too. */
const FRAMEWORK_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  // A file path that climbs out of its folder ('..'): there is no such file to serve.
  403: 'NOT_FOUND',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};
const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, MessageKey>> = {
  BODY_TOO_LARGE: key('error.bodyTooLarge'),
  RATE_LIMITED: key('error.rateLimited'),
  HEADERS_TOO_LARGE: key('error.headersTooLarge'),
  REQUEST_TIMEOUT: key('error.requestTimeout'),
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Raised before the route is known, so answered in the default shape whatever the route's. */
const BEFORE_ROUTING: ErrorCode[] = ['HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT'];

/** The codes a route can answer: what its configuration and its kind imply, and what it declares. */
export function errorsOfRoute(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): ErrorCode[] {
  const methods = [route.method].flat();
  const writes = methods.some((method) => WRITE_METHODS.has(method));
  const config = route.config as { rateLimit?: unknown; errors?: ErrorCode[] } | undefined;
  const codes = new Set<ErrorCode>([
    // Bad input, and for every route a missing or repeated Host header (host-header.ts).
    'VALIDATION_FAILED',
    ...(writes ? (['CROSS_SITE_REQUEST', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(config?.rateLimit ? (['RATE_LIMITED'] as const) : []),
    ...(config?.errors ?? []),
    // Node's HTTP parser limits the request line and headers together.
    'HEADERS_TOO_LARGE',
    'INTERNAL',
  ]);
  return [...codes];
}

/**
 * Adds the route's error answers to its response schemas, one per status, in the route's shape,
 * so that the OpenAPI document lists every error the route can answer.
 */
function documentErrors(route: RouteOptions): void {
  const shape = SHAPES[route.config?.errorShape ?? DEFAULT_SHAPE];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOfRoute(route))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const response = { ...((route.schema?.response as Record<number, unknown> | undefined) ?? {}) };
  for (const [status, codes] of byStatus) {
    const schema = codes.every((code) => BEFORE_ROUTING.includes(code)) ? SHAPES[DEFAULT_SHAPE].schema : shape.schema;
    response[status] ??= schema.check(z.describe(`Error: ${codes.join(', ')}`));
  }
  route.schema = { ...route.schema, response };
}

/**
 * Gives every route registered in this context (and its children) an error shape, unless the route
 * names its own, and lists the route's errors in its response schemas for the OpenAPI document.
 */
export function useErrorShape(app: FastifyInstance, errorShape: ErrorShape): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorShape: route.config?.errorShape ?? errorShape };
    documentErrors(route);
  });
}

/** The shape of the route that took the request, or for one no route took, of the address it was sent to. */
const shapeOf = (request: FastifyRequest): ErrorShape =>
  request.routeOptions.config?.errorShape ?? (request.url.startsWith('/api/v1/') ? 'v1' : DEFAULT_SHAPE);

function send(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string, details?: unknown) {
  const shape = SHAPES[shapeOf(request)];
  return reply.status(ERROR_STATUS[code]).send(shape.body(code, message, String(request.id), details));
}

/** The one error handler: known errors keep their code and status, anything else is a 500 without detail. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError)
      return send(request, reply, error.code, textOf(request.t, error.messageKey, error.values), error.details);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const given: unknown = part === 'querystring' ? request.query : request[part];
      // A field breaking several rules is reported by its first, as the forms show it.
      const seen = new Set<string>();
      const problems = error.validation
        .filter((v) => !seen.has(v.instancePath) && seen.add(v.instancePath))
        .map((v) => {
          const path = v.instancePath
            .split('/')
            .slice(1)
            .map((step) => (/^\d+$/.test(step) ? Number(step) : step));
          const issue: Issue = { ...v.params, code: v.keyword, path, message: v.message, input: valueAt(given, path) };
          const field = fieldName(request.t, path);
          const text = issueText(request.t, issue);
          return {
            path: v.instancePath || '/',
            text,
            named: field && `${field}: ${text}`,
            ownWords: !isMapText(issue),
          };
        });
      // The spec's pages show `error` as it is, so a rule of the forms reads in its own words ('Invalid
      // email'); the catalogue's error map names no field, so its texts are given the field's name.
      // /api/v1 callers are programs, told where each problem is.
      const message =
        shapeOf(request) !== 'v1'
          ? problems.map((p) => (p.ownWords ? p.text : p.named || p.text)).join('; ')
          : request.t('error.invalidRequest', {
              part: partName(request.t, part),
              problems: problems.map((p) => p.named || p.text).join('; '),
            });
      const details = problems.map((p) => ({ path: p.path, message: p.text }));
      return send(request, reply, 'VALIDATION_FAILED', message, details);
    }
    return sendFrameworkError(error, request, reply);
  });
}

/** The value at `path` in what the request sent, or undefined where it sent none. */
function valueAt(given: unknown, path: readonly PropertyKey[]): unknown {
  let value = given;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

/** An error of the framework (body parser, router, rate limiter): a 4xx keeps its status as a declared code, anything else is a 500. */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = FRAMEWORK_CODES[status] ?? 'VALIDATION_FAILED';
    const messageKey = FRAMEWORK_MESSAGES[code];
    if (messageKey) return send(request, reply, code, request.t(messageKey));
    if (code === 'NOT_FOUND')
      return send(
        request,
        reply,
        code,
        request.t('error.noRoute', { method: request.method, path: request.url.split('?')[0] ?? '' }),
      );
    // A bare status text ('Bad Request') tells a person nothing: say what happened instead.
    return send(
      request,
      reply,
      code,
      STATUS_CODES[status] === error.message ? request.t('error.unreadable') : error.message,
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(request, reply, 'INTERNAL', request.t('error.internal'));
}

/**
 * Errors Node's HTTP parser raises before there is a request to route (headers too large, a
 * malformed request line): answered in the default shape, with a reference for the log.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'VALIDATION_FAILED';
  const requestId = randomUUID();
  this.log.info({ err: error, requestId }, 'refused a request the HTTP parser could not read');
  // No request to read a language from: the default one.
  const body = JSON.stringify(
    SHAPES[DEFAULT_SHAPE].body(code, translator()(FRAMEWORK_MESSAGES[code] ?? 'error.unreadable'), requestId),
  );
  const status = ERROR_STATUS[code];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
