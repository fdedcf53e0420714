import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * A page that loaded before the service worker controlled it (the first visit) lists what it
 * fetched, and the answers the server drew it from (ADR 0029), so that the worker keeps the
 * catalogue's answers among them for reading offline.
 */
function keepFirstPage(registration: ServiceWorkerRegistration | undefined): void {
  if (!registration || navigator.serviceWorker.controller) return;
  const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
  const drawnFrom = document.getElementById('drawn-answers')?.dataset.from?.split(' ').filter(Boolean) ?? [];
  void navigator.serviceWorker.ready.then((ready) => ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...fetched, ...drawnFrom] } }));
}

/**
 * Registers the service worker once the page has loaded (its library is loaded only then) and says
 * when a new version waits; `reload` lets it take over and reloads the page into it (ADR 0026).
 */
export function useServiceWorker(): { updateReady: boolean; reload: () => void } {
  const {
    needRefresh: [updateReady],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: (_url, registration) => keepFirstPage(registration) });
  return { updateReady, reload: () => void updateServiceWorker() };
}
