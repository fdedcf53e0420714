import { dehydrate, type DehydratedState, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { type ClientLoaderFunctionArgs, data, type LoaderFunctionArgs, type Params } from 'react-router';
import type { PageLoadContext } from '@portal/contract/page-context';
import { ApiError } from './api/client';
import { browserQueryClient, newQueryClient } from './query-client';

/** What a route tells the document around it: `hydrate: false` sends the page without any script (ADR 0043). */
export interface RouteHandle {
  hydrate?: boolean;
}

/** Where a page is: its route's parameters and its address (the query string included). */
export interface PageAt {
  params: Params;
  url: URL;
}

/** What a route's loader gives its page: the answers it was rendered from (TanStack Query's dehydrated cache). */
export interface RouteData {
  answers: DehydratedState;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own answer type
type Queries = FetchQueryOptions<any, any, any, any>[];

/** The queries a page asks for first; a page whose queries depend on an answer reads it through `client`. */
type FirstQueries = (page: PageAt & { client: QueryClient }) => Queries | Promise<Queries>;

/** Whether any of a page's first answers came back with one of these statuses. */
const anyAnswered = (client: QueryClient, statuses: number[]) =>
  client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiError && statuses.includes(query.state.error.status));

/** Whether a page's first answers make it a 404: by default, any of them answered 404. */
export const anyMissing = (client: QueryClient) => anyAnswered(client, [404]);

/** For a page that shows the API's refusal of its address as its content: the page answers 400 too. */
export const refusedAs400 = (client: QueryClient) => (anyAnswered(client, [400]) ? 400 : undefined);

/**
 * A route's loaders, from the queries its page asks for first. On the server the loader fetches
 * them through the request's own API and dehydrates them into the page, so the page is rendered
 * with its data and the browser starts with them cached; an answer saying the page's subject does
 * not exist makes the page a 404. In the browser, a navigation starts the same queries (prefetch)
 * and shows the page at once: it draws its own loading state until they arrive.
 */
export function routeData(
  firstQueries: FirstQueries,
  {
    isMissing = anyMissing,
    check,
    status,
  }: {
    isMissing?: (client: QueryClient, page: PageAt) => boolean;
    /** Throws React Router's `redirect` for an address the page sends elsewhere, once the first answers are in. */
    check?: (client: QueryClient, page: PageAt) => void;
    /** The page's HTTP status other than 200, from its first answers. */
    status?: (client: QueryClient) => number | undefined;
  } = {},
) {
  // A page with a status of its own answers its data wrapped in React Router's `data`.
  async function loader({ params, request, context }: LoaderFunctionArgs<PageLoadContext>) {
    const client = newQueryClient(context?.api ?? apiOverHttp(request));
    const page = { params, url: new URL(request.url) };
    const queries = await firstQueries({ ...page, client });
    await Promise.all(queries.map((query) => client.prefetchQuery(query)));
    if (isMissing(client, page)) throw data(null, { status: 404 });
    check?.(client, page);
    const answered = status?.(client);
    if (!answered) return { answers: dehydrate(client) };
    // The page shows why it answers so as the server renders it: the refused queries go with the answers.
    const withErrors = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
    return data({ answers: withErrors }, { status: answered });
  }
  function clientLoader({ params, request }: ClientLoaderFunctionArgs): null {
    const client = browserQueryClient();
    void Promise.resolve(firstQueries({ params, url: new URL(request.url), client })).then((queries) => {
      for (const query of queries) void client.prefetchQuery(query);
    });
    return null;
  }
  return { loader, clientLoader };
}

/** For a page named by an id in its path: an id that is not one (400) is as missing as one nothing has (404). */
export const isMissingOrMalformed = (client: QueryClient) => anyAnswered(client, [400, 404]);

/**
 * Under `npm run dev` Vite's dev server renders the pages, without the portal's load context: the
 * loaders ask the API over HTTP, through the dev server's proxy to the portal.
 */
const apiOverHttp = (request: Request) => async (path: string) => {
  const answer = await fetch(new URL(path, request.url), { headers: { cookie: request.headers.get('cookie') ?? '' } });
  return { status: answer.status, body: (await answer.json().catch(() => undefined)) as unknown };
};
