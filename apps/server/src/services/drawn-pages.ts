import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { DrawnFor, DrawnPage as Drawing } from '@portal/contract/drawn-page';
import { type Language, LANGUAGE_COOKIE } from '@portal/contract/messages';

/** A page the web app's server build drew, with the addresses of the answers it was drawn from. */
export interface DrawnPage extends Drawing {
  answersFrom: string[];
}

/** The server build's module (apps/web/src/server-render.tsx). */
interface PageDrawing {
  drawPage(page: DrawnFor): Promise<Drawing | undefined>;
  sendCallsThrough(send: (path: string, init: RequestInit) => Promise<Response>): void;
}

/** Whom the page being drawn is for: its calls are answered in their language and counted against their address. */
const drawingFor = new AsyncLocalStorage<{ app: FastifyInstance; language: Language; ip: string; asked: string[] }>();

/**
 * The page drawn by the server's build of the web app, or undefined for a page the web app draws
 * alone. The page's calls are answered by `app`'s own routes in the same process, counted against
 * the visitor's address `ip`, without the visitor's session: a drawn page shows only public answers.
 */
export type DrawPage = (app: FastifyInstance, page: DrawnFor, ip: string) => Promise<DrawnPage | undefined>;

/** The server build beside the web app's build (`dist-ssr` next to `dist`), or undefined when it was not built. */
export async function loadPageDrawing(webDir: string): Promise<DrawPage | undefined> {
  const file = join(webDir, '..', 'dist-ssr', 'server-render.js');
  if (!existsSync(file)) return undefined;
  const drawing = (await import(pathToFileURL(file).href)) as PageDrawing;
  drawing.sendCallsThrough(async (path, init) => {
    const { app, language, ip, asked } = drawingFor.getStore()!;
    asked.push(path);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: { accept: 'application/json', cookie: `${LANGUAGE_COOKIE.name}=${language}` },
      remoteAddress: ip,
    });
    const body = answer.statusCode === 204 ? null : answer.rawPayload;
    return new Response(body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  });
  return async (app, page, ip) => {
    const asked: string[] = [];
    const drawn = await drawingFor.run({ app, language: page.language, ip, asked }, () => drawing.drawPage(page));
    return drawn && { ...drawn, answersFrom: asked };
  };
}

/** Script text that cannot end its <script> element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * `page` (index.html) with the drawn page in its root, its title and description, and the answers it
 * was drawn from, with their addresses: the service worker keeps those for reading offline (the
 * page never asked for them itself).
 */
export function withDrawnPage(page: string, drawn: DrawnPage): string {
  // Replaced by functions: a '$' in the page's text is not a pattern.
  let html = page.replace('<div id="root"></div>', () => `<div id="root">${drawn.html}</div>`);
  const from = escapeHtml(drawn.answersFrom.join(' '));
  html = html.replace(
    '</head>',
    () =>
      `<script type="application/json" id="drawn-answers" data-from="${from}">${scriptJson(drawn.answers)}</script></head>`,
  );
  const { title, description } = drawn;
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  // Prettier may break index.html's description tag across lines.
  if (description)
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(description)}"`,
    );
  return html;
}
