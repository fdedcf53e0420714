import { z } from 'zod';

export const ERROR_CODES = ['VALIDATION_FAILED', 'NOT_FOUND', 'BODY_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL'] as const;
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
