import { type DehydratedState, hydrate as fillCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ContractError } from './api/client';
import { AppNotices } from './components/app-notices';
import { numberFormat, startLanguage } from './i18n';
import { App } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An answer that breaks its contract will not mend by asking again, and no page can draw it:
      // the page's error boundary shows it at once.
      retry: (failures, error) => failures < 1 && !(error instanceof ContractError),
      throwOnError: (error) => error instanceof ContractError,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Starts the app on the page: renders it, or hydrates the page the server rendered (ADR 0029)
 * from the answers it was rendered from, so the first render finds the page already on screen.
 */
export async function startApp(): Promise<void> {
  try {
    // The first paint is in the page's language: a Swahili page waits for its catalogue. The first
    // number format is made before it too: it loads ICU's number data (30 to 80 ms in a new
    // renderer, ADR 0027), which would otherwise stall the render that shows the page's figures.
    await startLanguage();
    numberFormat();
  } finally {
    renderOrHydrate();
  }
}

function renderOrHydrate(): void {
  // The catalogue's texts come from the server in the page's language: ask again in the new one.
  i18next.on('languageChanged', () => void queryClient.invalidateQueries());
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App>
          <AppNotices />
        </App>
      </QueryClientProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  const drawnAnswers = document.getElementById('drawn-answers')?.textContent;
  if (drawnAnswers) {
    fillCache(queryClient, JSON.parse(drawnAnswers) as DehydratedState);
    hydrateRoot(root, app);
  } else createRoot(root).render(app);
}
