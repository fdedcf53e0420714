import type { z } from 'zod/mini';

/**
 * Calls a portal by path, answering as `fetch` does: over the network to a listening server, or in
 * process through Fastify's `app.inject` (the server tests' `fetch` of a test app).
 */
export type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

/** GETs a JSON answer and checks it against its contract schema; a non-2xx answer fails the test. */
export async function getJson<T>(server: { fetch: Fetch }, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await server.fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}
