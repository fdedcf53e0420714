import type { z } from 'zod';
import { ApiErrorSchema, type ErrorCode, SpecErrorSchema } from '@portal/contract/errors';

/** A failed API call: the HTTP status, the error code when the server sent one, and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
  }
}

/** Sends a request and checks the JSON answer against its contract schema; failures throw ApiError. */
async function requestJson<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The portal could not be reached; check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const nested = ApiErrorSchema.safeParse(body);
    if (nested.success) throw new ApiError(response.status, nested.data.error.code, nested.data.error.message);
    const flat = SpecErrorSchema.safeParse(body);
    if (flat.success) throw new ApiError(response.status, flat.data.code, flat.data.error);
    throw new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}.`);
  }
  return schema.parse(body);
}

/** GETs a JSON resource of the portal's API and checks it against its contract schema. */
export function getJson<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return requestJson(path, { signal }, schema);
}

/** POSTs a JSON body to one of the portal's calls (the session cookie rides along). */
export function postJson<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  return requestJson(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' }, schema);
}
