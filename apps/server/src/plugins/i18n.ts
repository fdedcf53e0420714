import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  preferredLanguage,
  type Translate,
  translator,
} from '@portal/contract/messages';
// The server answers in every language, so it loads every catalogue.
import '@portal/contract/messages-sw';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the visitor reads (ADR 0012): `?lang=`, else the `lang` cookie, else Accept-Language, else English. */
    language: Language;
    /** The catalogue's `t` in that language, for the texts this request answers with. */
    t: Translate;
  }
}

/** The best supported language of an Accept-Language header ('sw-KE,sw;q=0.9,en;q=0.8'), by quality. */
export function languageOfHeader(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, quality: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return preferredLanguage(ranked.map(({ tag }) => tag));
}

/** The language a request's own address asks for (`?lang=sw`), if any. */
const askedLanguage = (request: FastifyRequest) =>
  new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_PARAM);

/** `?lang=` on the request itself, else the `lang` cookie, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const asked = askedLanguage(request);
  if (isLanguage(asked)) return asked;
  const chosen = request.cookies?.[LANGUAGE_COOKIE.name];
  if (isLanguage(chosen)) return chosen;
  return languageOfHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a page asked for with `?lang=` (a shared link), remembered in the cookie as the
 * web app remembers it, else the request's language.
 * Set on the page's own answer, the cookie already goes with the requests its head preloads, so
 * their answers come in that language too.
 */
export function pageLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const asked = askedLanguage(request);
  if (!isLanguage(asked)) return request.language;
  void reply.setCookie(LANGUAGE_COOKIE.name, asked, {
    path: '/',
    maxAge: LANGUAGE_COOKIE.maxAgeSeconds,
    sameSite: 'lax',
  });
  return asked;
}

/** Gives every request its language and `t`, worked out only when a text is needed. */
export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return requestLanguage(this);
    },
  });
  app.decorateRequest('t', {
    getter(this: FastifyRequest) {
      return translator(this.language);
    },
  });
}
