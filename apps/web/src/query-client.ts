import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { PageLoadContext } from '@portal/contract/page-context';
import { ContractError } from './api/client';

/** How a query reaches the API: the browser's fetch, or on the server the request's own API (the load context). */
export type ApiSend = PageLoadContext['api'];

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { send?: ApiSend };
  }
}

/**
 * A query cache. On the server each page request has its own, whose queries ask the API through
 * `send`; in the browser one lives as long as the page (`browserQueryClient`).
 */
export function newQueryClient(send?: ApiSend): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        meta: { send },
        // An answer that breaks its contract will not mend by asking again, and no page can draw it:
        // the page's error boundary shows it at once.
        retry: (failures, error) => !import.meta.env.SSR && failures < 1 && !(error instanceof ContractError),
        throwOnError: (error) => error instanceof ContractError,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one query cache, which route loaders fill and pages read. */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = newQueryClient();
    // The catalogue's texts come from the server in the page's language: ask again in the new one.
    i18next.on('languageChanged', () => void browserClient?.invalidateQueries());
  }
  return browserClient;
}
