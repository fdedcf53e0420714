import type { z } from 'zod/mini';
import { ApiErrorSchema, type ErrorCode, SpecErrorSchema } from '@portal/contract/errors';
import { t } from '../i18n';

/**
 * A failed API call: the HTTP status, the error code when the server sent one, its message, and the
 * request id the server logged it under, for a visitor to quote.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** Whether the server refused the request with a text meant for the visitor (a 4xx with a message). */
  get isRefusal(): boolean {
    return this.status >= 400 && this.status < 500 && this.code !== 'INTERNAL';
  }
}

/**
 * A successful answer that does not match its contract schema: the page and the server disagree
 * (a deploy between them, or a bug), so waiting or retrying will not help.
 */
export class ContractError extends Error {
  constructor(path: string, cause: z.core.$ZodError) {
    super(t('api.unexpectedAnswer', { path }), { cause });
  }
}

/** The error an answer carries, in the /api/v1 shape or the spec's own {error: text} shape. */
function errorOf(status: number, body: unknown): ApiError {
  const v1 = ApiErrorSchema.safeParse(body);
  if (v1.success) return new ApiError(status, v1.data.error.code, v1.data.error.message, v1.data.error.requestId);
  const spec = SpecErrorSchema.safeParse(body);
  if (spec.success) return new ApiError(status, spec.data.code, spec.data.error, spec.data.requestId);
  return new ApiError(status, 'INTERNAL', t('api.status', { status }));
}

/**
 * How a call reaches the server: the browser's fetch, or, for a page the server draws itself
 * (server-render.tsx), the server's own routes answering in the same process.
 */
let send: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);

/** Used by the server's page rendering only: calls go to `sender` instead of the network. */
export function sendCallsThrough(sender: typeof send): void {
  send = sender;
}

/** The one place that calls fetch: JSON in and out, the session cookie sent by the browser. */
async function request(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await send(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t('api.unreachable'));
  }
  if (response.status === 204) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorOf(response.status, body);
  return body;
}

function checked<T>(path: string, schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new ContractError(path, result.error);
  return result.data;
}

/** GETs a JSON resource of the portal's API and checks it against its contract schema. */
export async function getJson<T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  return checked(path, schema, await request(path, { signal }));
}

/** POSTs a JSON body and checks the answer against its contract schema. */
export async function postJson<T>(path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T> {
  return checked(
    path,
    schema,
    await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/** DELETEs a resource; the answer has no body. */
export async function deleteResource(path: string): Promise<void> {
  await request(path, { method: 'DELETE' });
}
