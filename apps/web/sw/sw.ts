// The portal's service worker (ADR 0026): the built app precached, the catalogue's answers kept for
// reading offline, pages from the server while it answers and from the precached app when not.
import { DEFAULT_LANGUAGE, preferredLanguage } from '@portal/contract/languages';
import { API, API_ROUTES, CATALOGUE_CACHE } from '@portal/contract/paths';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Seconds to wait for the server before answering from the cache: a connection that hangs counts as none. */
const PATIENCE = 4;

// Every chunk of this build stays available until the page reloads into the next one, so a page
// never mixes chunks of two builds. The pages themselves are not answered from here: by default the
// precache answers '/' with its index.html, and the landing page lost what the server writes for
// the reader (its language, its preloads) once the worker was in charge.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first visit's pages are served from the moment the worker is ready, not from the next visit.
// A later worker takes over only when the visitor reloads (the Reload button), and every page
// reloads with it.
clientsClaim();

/**
 * The precached app, its <html lang> set as the server would set it from the browser's languages
 * (the build's copy says English): a reader who chose a language has it in the cookie, which the
 * page reads first, but one who never chose would otherwise read Swahili online and English offline.
 */
async function offlinePage(): Promise<Response | undefined> {
  const page = await matchPrecache('/index.html');
  if (!page) return undefined;
  const language = preferredLanguage(self.navigator.languages) ?? DEFAULT_LANGUAGE;
  const html = (await page.text()).replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  return new Response(html, { status: page.status, headers: page.headers });
}

// A page comes from the server when it answers, which writes <html lang> for the reader; offline,
// the precached app draws it from the cached catalogue. The server's own documents are left alone.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({ networkTimeoutSeconds: PATIENCE, plugins: [{ handlerDidError: offlinePage }] }),
    {
      denylist: [/^\/api(\/|$)/, new RegExp(`^${API.metrics}$`), /^\/(sitemap\.xml|robots\.txt)$/, /^\/media\//],
    },
  ),
);

// The catalogue the pages are drawn from, never the data, exports, searches or anything of an
// account: fresh from the server when it answers (its texts follow the reader's language), the last
// answer otherwise. A first page that loaded before this worker lists its answers in a CACHE_URLS
// message, which workbox-routing passes through these routes, as does a page the server drew for
// the answers it came with that are not kept yet.
const routePattern = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
const catalogue = [
  ...[API.site, API.sectors, API.sources, API.layers, API.partners, API.highlights, API.counties, API.datasets].map(
    routePattern,
  ),
  ...[API.mapConfig, API.mapOutline, API.countyOutlines, API.choroplethVariables, API.wms].map(routePattern),
  ...[
    API_ROUTES.sector,
    API_ROUTES.source,
    API_ROUTES.variables,
    API_ROUTES.locations,
    API_ROUTES.county,
    API_ROUTES.dataset,
  ].map(routePattern),
];
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && catalogue.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: CATALOGUE_CACHE,
    networkTimeoutSeconds: PATIENCE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// The page's Reload button: this worker takes over from the one that drew the page.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
