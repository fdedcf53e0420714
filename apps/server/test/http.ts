import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Fetch } from '@portal/testing/http';
import { DEVICE_COOKIE } from '../src/plugins/known-devices.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';

export interface Answer {
  status: number;
  /** Parsed when the answer is JSON, else its text; undefined when empty. */
  body: any;
  headers: Headers;
  /** The session token the answer set, '' when it cleared the cookie, undefined when untouched. */
  session: string | undefined;
  /** The device token the answer set (a login), undefined when untouched. */
  device: string | undefined;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A session token to send as the cookie. */
  session?: string;
  /** A device token to send as its cookie. */
  device?: string;
  headers?: Record<string, string>;
}

/** Calls the test app as a script would: JSON in and out, the session cookie passed by hand. */
export async function call(server: { fetch: Fetch }, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const cookies = [
    ...(options.session ? [`${SESSION_COOKIE}=${options.session}`] : []),
    ...(options.device ? [`${DEVICE_COOKIE}=${options.device}`] : []),
  ];
  if (cookies.length) headers.cookie = [headers.cookie, ...cookies].filter(Boolean).join('; ');
  const response = await server.fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: !text ? undefined : /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
    headers: response.headers,
    session: setCookie(response.headers, SESSION_COOKIE),
    device: setCookie(response.headers, DEVICE_COOKIE),
  };
}

/** The value an answer set for the cookie `name`, '' when it cleared it, undefined when untouched. */
function setCookie(headers: Headers, name: string): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie === undefined ? undefined : decodeURIComponent(cookie.slice(name.length + 1).split(';')[0]);
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};
/** Where relative addresses are resolved; an app called in process has no address of its own. */
const BASE = 'http://localhost';

/**
 * `fetch` for an app that does not listen: each request goes through `app.inject`, with the headers
 * fetch sends by default, redirects followed as fetch follows them, and an encoded body decoded.
 * Accept-Encoding is sent only when a test asks for it, so most answers need no compressing.
 */
export function injectFetch(app: FastifyInstance): Fetch {
  const send = async (path: string, init: RequestInit, redirects: number): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      accept: '*/*',
      'accept-language': '*',
      'user-agent': 'node',
      ...Object.fromEntries(new Headers(init.headers)),
    };
    let payload: string | Buffer | undefined;
    if (typeof init.body === 'string') {
      payload = init.body;
      headers['content-type'] ??= 'text/plain;charset=UTF-8';
    } else if (init.body instanceof URLSearchParams) {
      payload = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (init.body instanceof Uint8Array) {
      payload = Buffer.from(init.body);
    } else if (init.body != null) {
      throw new Error('injectFetch sends a body of text, bytes or URLSearchParams');
    }
    const answer = await app.inject({ method: method as 'GET', url: path, headers, payload });

    const location = answer.headers.location;
    if (REDIRECT_STATUS.has(answer.statusCode) && typeof location === 'string' && init.redirect !== 'manual') {
      if (init.redirect === 'error' || redirects === 20)
        throw new TypeError(`fetch failed: redirect from ${path} to ${location}`);
      const next = new URL(location, BASE + path);
      if (next.origin !== BASE)
        throw new TypeError(`fetch failed: ${path} redirects away from the app, to ${location}`);
      const asGet =
        answer.statusCode === 303 || (method === 'POST' && answer.statusCode !== 307 && answer.statusCode !== 308);
      return send(
        next.pathname + next.search,
        asGet ? { ...init, method: 'GET', body: undefined } : init,
        redirects + 1,
      );
    }

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
        responseHeaders.append(name, String(one));
    }
    const encoding = answer.headers['content-encoding'];
    const decode = typeof encoding === 'string' ? DECODERS[encoding] : undefined;
    const body =
      NULL_BODY_STATUS.has(answer.statusCode) || method === 'HEAD'
        ? null
        : decode
          ? decode(answer.rawPayload)
          : answer.rawPayload;
    return new Response(body, {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: responseHeaders,
    });
  };
  return (path, init = {}) => send(path, init, 0);
}

/** A GET whose body comes as sent, not decompressed (fetch would undo the encoding). */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
