import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { PageLoadContext } from '@portal/contract/page-context';
import { siteQuery } from './api/catalog';
import { AppNotices } from './components/app-notices';
import { PageError } from './components/error-pages';
import { useLanguage } from './i18n';
import { browserQueryClient, newQueryClient } from './query-client';
import { keepPageForOffline } from './service-worker';
import { type RouteData, routeData, type RouteHandle } from './route-data';
import NotFound from './routes/not-found';

// The top bar and the footer of every page show the site's name and texts.
const siteData = routeData(() => [siteQuery()]);

/** What every page is rendered with: the site's answers, and the request's public address and script nonce. */
export async function loader(args: LoaderFunctionArgs<PageLoadContext>) {
  // Vite's dev server (npm run dev) gives no load context: the page's own origin, and no nonce.
  const { publicUrl = new URL(args.request.url).origin, nonce = '' } = args.context ?? {};
  return { ...(await siteData.loader(args)), publicUrl, nonce };
}
export type RootData = Awaited<ReturnType<typeof loader>>;

// The site's answers and the nonce hold for the page's lifetime: navigations never ask the server for them again.
export const shouldRevalidate = () => false;

/** The answers every route on the page was rendered from, put in the query cache before the page reads it. */
function RouteAnswers({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo(
    () => ({
      queries: matches.flatMap((match) => (match.loaderData as RouteData | null | undefined)?.answers?.queries ?? []),
      mutations: [],
    }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}

/** The document around every page, its error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const hydrate = useMatches().every((match) => (match.handle as RouteHandle | undefined)?.hydrate !== false);
  // A cache per request on the server; in the browser one for the page's lifetime, which loaders fill.
  const [queryClient] = useState(() => (import.meta.env.SSR ? newQueryClient() : browserQueryClient()));
  return (
    <html lang={useLanguage()}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* --portal-blue of styles.css. */}
        <meta name="theme-color" content="#0b4f8a" />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <RouteAnswers>{children}</RouteAnswers>
          <AppNotices />
        </QueryClientProvider>
        {/* Without <Scripts/>, React Router writes no script at all, its data included. */}
        {hydrate && <ScrollRestoration nonce={root?.nonce} />}
        {hydrate && <Scripts nonce={root?.nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useKeepPagesOffline();
  return <Outlet />;
}

/** Each page shown by a navigation inside the app is kept for offline reading, as a page loaded from the server is. */
function useKeepPagesOffline() {
  const { pathname, search } = useLocation();
  const loaded = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== loaded.current) keepPageForOffline(`${pathname}${search}`);
  }, [pathname, search]);
}

/** A page whose subject does not exist (its loader's answer was a 404) is the not-found page; any other failure is an error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <PageError error={error} />;
}
