// The pages the server sends drawn (ADR 0029): the same components as the web app's, rendered to
// HTML by the server (`vite build --ssr`), so that a visitor reads the page as soon as its HTML and
// stylesheet arrive instead of after the scripts and the page's answers. The web app then takes the
// page over (start.tsx) from the answers the server drew it with.
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { DrawnFor, DrawnPage } from '@portal/contract/drawn-page';
import { parseSourceSegments } from '@portal/contract/source-route';
import { drawnFor } from './components/page-origin';
import { drawnHead } from './components/page-title';
import './i18n';
import { App } from './router';

export { sendCallsThrough } from './api/client';

// The server draws pages in every language; the browser loads a catalogue other than English only when needed.
i18next.addResourceBundle('sw', 'translation', (await import('@portal/contract/messages-sw')).sw);

/**
 * Whether the server draws the page at `path`: the landing and sectors pages, a source's
 * timeseries and map pages and a layer's map page (the map itself is drawn in the browser: its
 * outline stands in its place). Every other page is drawn by the web app alone.
 */
function isDrawn(path: string): boolean {
  if (path === '/' || path === '/sectors') return true;
  const route = parseSourceSegments(path.split('/').filter(Boolean));
  return route.kind === 'layer' || (route.kind === 'source' && route.representation !== 'external');
}

/** Rounds of answers a page may wait for, each asked for by what the one before drew. */
const MAX_ROUNDS = 3;

const enabled = (query: Query) => {
  const { enabled: setting } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof setting === 'function' ? setting(query) : setting !== false;
};

/**
 * The page at `path` drawn in `language` for a visitor at `origin`, or undefined for a page the
 * server does not draw. Renders name the answers the page asks for, the calls go to the server's
 * own routes (`sendCallsThrough`), and a last render draws the page from them. A page with an
 * answer that failed (an unknown source, a route that broke) or one that sends the visitor on is
 * not drawn: the web app draws it (and asks again, or goes on) at once, as for any page it draws alone.
 */
export async function drawPage({ path, search, language, origin }: DrawnFor): Promise<DrawnPage | undefined> {
  if (!isDrawn(path)) return undefined;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const queries = () => queryClient.getQueryCache().getAll();
  const routing: { redirectTo?: string } = {};
  const page = (
    <QueryClientProvider client={queryClient}>
      <App ssrPath={`${path}${search}`} ssrContext={routing} />
    </QueryClientProvider>
  );
  // Each render names the answers the page asks for at that point (a part drawn only once an
  // answer came asks for its own) and waits for its lazy modules (router.tsx); its markup is not used.
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    // prerender waits for the lazy modules; its markup is read to its end and dropped.
    await new Response((await prerender(page)).prelude).arrayBuffer();
    const asked = queries().filter((query) => enabled(query) && query.state.status === 'pending');
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
  }
  // A page that sends the visitor on (an unknown layer to /404, a source's other spelling) is
  // left to the web app, which does so at once.
  if (queries().some((query) => query.state.status === 'error') || routing.redirectTo !== undefined) return undefined;
  // The last runs to its end without waiting, so no other page's language or origin comes between
  // those set here and the render that reads them (i18next changes languages synchronously with
  // its catalogues in memory: `initAsync: false`).
  void i18next.changeLanguage(language);
  drawnFor.origin = origin;
  delete drawnHead.title;
  delete drawnHead.description;
  const html = renderToString(page);
  return { html, answers: dehydrate(queryClient), ...drawnHead };
}
