import i18next, { type i18n } from 'i18next';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { type EntryContext, ServerRouter } from 'react-router';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '@portal/contract/languages';
import { I18N_OPTIONS } from '@portal/contract/messages';
import { sw } from '@portal/contract/messages-sw';
import type { PageLoadContext } from '@portal/contract/page-context';

/** One i18next per language, each fixed to it: two requests in different languages rendered at once each read their own. */
const translations = new Map<Language, i18n>(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    void instance.init({
      ...I18N_OPTIONS,
      resources: { ...I18N_OPTIONS.resources, sw: { translation: sw } },
      lng: language,
    });
    return [language, instance];
  }),
);

/**
 * Renders a page to HTML once all its parts are ready, lazy ones included: a reader gets the whole
 * page in one answer, and no inline script streams the rest in (the CSP allows none without a nonce).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: PageLoadContext,
): Promise<Response> {
  const { prelude } = await prerender(
    // Vite's dev server (npm run dev) gives no load context: English.
    <I18nextProvider i18n={translations.get(loadContext?.language ?? DEFAULT_LANGUAGE)!}>
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext?.nonce} />
    </I18nextProvider>,
    { signal: request.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(prelude, { status, headers });
}
