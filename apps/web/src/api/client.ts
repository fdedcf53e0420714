import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { ErrorCode } from '@portal/contract/errors';
import type { ApiAnswer } from '@portal/contract/page-context';
import { t } from '../i18n';
import type { ANSWERS, ERRORS } from './answers';

/** The answers' schemas by name (answers.ts), loaded on the first call that needs one. */
const schemas = () => import('./answers');

/** Starts loading the answers' schemas ahead of a call about to be made (a search box in use); a failure shows with the call. */
export const loadAnswerSchemas = () => void schemas().catch(() => undefined);

/** The name of an answer's contract schema, and the answer it describes. */
export type AnswerName = keyof typeof ANSWERS;
type AnswerOf<N extends AnswerName> = z.infer<(typeof ANSWERS)[N]>;

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
function errorOf(status: number, body: unknown, shapes: typeof ERRORS): ApiError {
  const v1 = shapes.v1.safeParse(body);
  if (v1.success) return new ApiError(status, v1.data.error.code, v1.data.error.message, v1.data.error.requestId);
  const spec = shapes.spec.safeParse(body);
  if (spec.success) return new ApiError(status, spec.data.code, spec.data.error, spec.data.requestId);
  return new ApiError(status, 'INTERNAL', t('api.status', { status }));
}

/** Where a call runs: its abort signal, and the query cache that asked for it (whose `send` reaches the API on the server). */
export interface CallContext {
  signal?: AbortSignal;
  client?: QueryClient;
}

/** The answer's status and JSON body, from the request's own API on the server (query-client.ts) or from fetch. */
async function answerOf(path: string, init: RequestInit, context: CallContext): Promise<ApiAnswer> {
  const send = context.client?.getDefaultOptions().queries?.meta?.send;
  if (send) return send(path);
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      signal: context.signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t('api.unreachable'));
  }
  if (response.status === 204) return { status: 204, body: undefined };
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/**
 * The one place that calls the API: JSON in and out, the session cookie sent by the browser. The
 * call goes out first and the schemas load while it travels, not after its answer: a slow phone's
 * round trip saved on the first Preview or search (bench/pages.ts).
 */
async function request(path: string, init: RequestInit = {}, context: CallContext = {}) {
  const answered = answerOf(path, init, context);
  const shapes = schemas();
  // Not awaited until the answer is in: a failed load must not be an unhandled rejection meanwhile.
  shapes.catch(() => undefined);
  const { status, body } = await answered;
  if (status < 200 || status > 299) throw errorOf(status, body, (await shapes).ERRORS);
  return { body, shapes: await shapes };
}

async function checked<N extends AnswerName>(
  path: string,
  name: N,
  answer: Awaited<ReturnType<typeof request>>,
): Promise<AnswerOf<N>> {
  const result = answer.shapes.ANSWERS[name].safeParse(answer.body);
  if (!result.success) throw new ContractError(path, result.error);
  return result.data as AnswerOf<N>;
}

/** GETs a JSON resource of the portal's API and checks it against its contract schema, named. */
export async function getJson<N extends AnswerName>(
  path: string,
  name: N,
  context: CallContext = {},
): Promise<AnswerOf<N>> {
  return checked(path, name, await request(path, {}, context));
}

/** POSTs a JSON body and checks the answer against its contract schema, named. */
export async function postJson<N extends AnswerName>(path: string, body: unknown, name: N): Promise<AnswerOf<N>> {
  return checked(
    path,
    name,
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
