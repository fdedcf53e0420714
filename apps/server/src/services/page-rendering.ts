import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { LANGUAGE_COOKIE } from '@portal/contract/messages';
import type { ApiAnswer, PageLoadContext } from '@portal/contract/page-context';
import { pageLanguage } from '../plugins/i18n.ts';

/** Where `react-router build` writes the web app's server build (apps/web/build/server), as the web package exports it. */
const SERVER_BUILD = fileURLToPath(import.meta.resolve('@portal/web/server-build'));

/**
 * The web app's server build (ADR 0033), or undefined when the web app has not been built: the
 * server then answers the API only. The one place the server imports the web app.
 */
export async function loadServerBuild(): Promise<ServerBuild | undefined> {
  if (!existsSync(SERVER_BUILD)) return undefined;
  return import('@portal/web/server-build');
}

/**
 * Renders a page with React Router's request handler. Its loaders reach the API through `app`'s own
 * routes in the same process, in the reader's language and counted against their address, without
 * their session: a rendered page shows only public data, the same for every visitor.
 */
export function pageRenderer(app: FastifyInstance, build: ServerBuild, publicUrl: string) {
  const handle = createRequestHandler(build, 'production');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const language = pageLanguage(request, reply);
    const api = async (path: string): Promise<ApiAnswer> => {
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json', cookie: `${LANGUAGE_COOKIE.name}=${language}` },
        remoteAddress: request.ip,
      });
      return { status: answer.statusCode, body: jsonOf(answer.body) };
    };
    const context: PageLoadContext = { api, language, publicUrl, nonce: reply.cspNonce };
    // Absolute addresses come from the portal's public address, never from the request's Host.
    const url = new URL(request.url, publicUrl);
    const abort = new AbortController();
    request.raw.once('close', () => abort.abort());
    const response = await handle(
      new Request(url, { method: request.method, headers: requestHeaders(request), signal: abort.signal }),
      context,
    );
    reply.status(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    // The same address renders in the reader's language, from the cookie or the browser's languages.
    return (
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie, Accept-Language')
        // As text, which the server compresses like every other text answer (plugins/compress-text.ts).
        .send(await response.text())
    );
  };
}

function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** The JSON an answer carries; none for an empty or non-JSON body. */
function jsonOf(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
