import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'LOGIN_REQUIRED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'LINK_INVALID',
  'WRONG_PASSWORD',
  'TOO_MANY_TOKENS',
  'CROSS_SITE_REQUEST',
  'MAIL_FAILED',
  'BODY_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Body of every error answered by /api/v1 routes. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
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
