import type { z } from 'zod/mini';

/** GETs a JSON answer of a running server and checks it against its contract schema; a non-2xx answer fails the test. */
export async function getJson<T>(url: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}
