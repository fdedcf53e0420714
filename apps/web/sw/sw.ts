// The portal's service worker (ADR 0026, ADR 0033): the built app precached, the pages opened and the
// catalogue's answers kept for reading offline, both from the server while it answers.
import { API, API_ROUTES, CATALOGUE_CACHE, OFFLINE_PAGE, PAGES_CACHE } from '@portal/contract/paths';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Seconds to wait for the server before answering from the cache: a connection that hangs counts as none. */
const PATIENCE = 4;

// Every chunk of this build stays available until the page reloads into the next one, so a page
// never mixes chunks of two builds.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first visit's pages are served from the moment the worker is ready, not from the next visit.
// A later worker takes over only when the visitor reloads (the Reload button), and every page
// reloads with it.
clientsClaim();

/** Addresses that are the server's own documents, never pages. */
const notPages = [
  /^\/api(\/|$)/,
  new RegExp(`^${API.metrics}$`),
  /^\/(sitemap\.xml|robots\.txt)$/,
  /^\/media\//,
  // Fact sheets (PDF) beside the county pages.
  /\.pdf$/,
];

// Pages come from the server, which renders each with its data in the reader's language; the last
// copy of each page opened is kept and answers offline. A page never opened answers with the
// precached offline page. The copy is one per address: a reader's language is in a cookie, which
// the cache does not tell apart (ignoreVary), and the page's script reads the same cookie.
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: PATIENCE,
  matchOptions: { ignoreVary: true },
  plugins: [
    new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 }),
    { handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error() },
  ],
});
registerRoute(new NavigationRoute(pages, { denylist: notPages }));

// A page shown by a navigation inside the app was never fetched as a document: the app names it
// (KEEP_PAGE), and it is fetched once, as a reader opening it would, to be kept for offline reading.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const { type, url } = (event.data ?? {}) as { type?: string; url?: string };
  if (type !== 'KEEP_PAGE' || !url) return;
  const page = new URL(url, self.location.origin);
  if (page.origin !== self.location.origin || notPages.some((pattern) => pattern.test(page.pathname))) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      if (await cache.match(page.href, { ignoreVary: true })) return;
      const answer = await fetch(page.href, { credentials: 'same-origin' });
      if (answer.ok) await cache.put(page.href, answer);
    })().catch(() => undefined),
  );
});

// The catalogue the pages are drawn from, never the data, exports, searches or anything of an
// account: fresh from the server when it answers (its texts follow the reader's language), the last
// answer otherwise. A first page that loaded before this worker lists the answers it fetched in a
// CACHE_URLS message, which workbox-routing passes through these routes.
const routePattern = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
const catalogue = [
  ...[API.site, API.sectors, API.sources, API.layers, API.partners, API.highlights, API.counties, API.datasets].map(
    routePattern,
  ),
  ...[API.mapConfig, API.mapOutline, API.countyMapShapes, API.choroplethVariables, API.wms].map(routePattern),
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
