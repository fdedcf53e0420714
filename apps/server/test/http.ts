import http from 'node:http';
import { SESSION_COOKIE } from '../src/plugins/session.ts';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** The session token the answer set, '' when it cleared the cookie, undefined when untouched. */
  session: string | undefined;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A session token to send as the cookie. */
  session?: string;
  headers?: Record<string, string>;
}

/** Calls the test server as a script would: JSON in and out, the session cookie passed by hand. */
export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.session) headers.cookie = `${SESSION_COOKIE}=${options.session}`;
  const response = await fetch(baseUrl + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
    session: cookie === undefined ? undefined : decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]),
  };
}

/** A GET whose body comes as sent, not decompressed (fetch would undo the encoding). */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
