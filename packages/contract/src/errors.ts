import { z } from 'zod/mini';

/**
 * Every error code the server answers, declared once with its HTTP status. Several codes share a
 * status where a caller must tell them apart (a wrong password is not a malformed request).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  WRONG_PASSWORD: 400,
  LINK_INVALID: 400,
  /** A query that could match more values than one query may read (QUERY_MAX_CELLS). */
  QUERY_TOO_LARGE: 400,
  LOGIN_REQUIRED: 401,
  /** `/metrics` without the operator's token. */
  TOKEN_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  TOO_MANY_TOKENS: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Body of every error answered by /api/v1 routes. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.optional(z.unknown()),
    requestId: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/**
 * Body of an error answered by the spec's own calls (/api/auth/, /api/get-data/ ...): the spec reads
 * `error` as the text to show, so it stays a string; code and request id ride along.
 */
export const SpecErrorSchema = z.object({
  error: z.string(),
  code: ErrorCodeSchema,
  requestId: z.string(),
});
export type SpecErrorBody = z.infer<typeof SpecErrorSchema>;

/** Body of an error answered by the spec's map call `GET /api/get-wms` (its `status` other than success). */
export const WmsErrorSchema = z.object({
  status: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  requestId: z.string(),
});
export type WmsErrorBody = z.infer<typeof WmsErrorSchema>;
