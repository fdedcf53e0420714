import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import i18next from 'i18next';
import { startLanguage } from './i18n';
import { registerServiceWorker } from './service-worker';

// The page hydrates in its language: a Swahili page waits for its catalogue, which the first render reads.
// In a transition, React hydrates in slices and lets the browser answer the reader between them.
void startLanguage().finally(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  }),
);

// Offline use (ADR 0026): the worker registers once the page has loaded, so it never competes with the page's own requests.
registerServiceWorker();
