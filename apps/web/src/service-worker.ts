import { registerSW } from 'virtual:pwa-register';

// The service worker (ADR 0026), registered by the entry script itself rather than by a component,
// so that a page the server drew registers it even when the app has not taken the page over yet
// (ADR 0029). It imports no part of the app.

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

let updateReady = false;
const listeners = new Set<() => void>();
let updateServiceWorker: (() => Promise<void>) | undefined;

/**
 * Registers the service worker once the page has loaded; `onUpdateReady` is told when a new
 * version waits, as are the subscribers of `subscribeToUpdate`.
 */
export function registerServiceWorker(onUpdateReady: () => void): void {
  updateServiceWorker = registerSW({
    onRegisteredSW: (_url, registration) => keepFirstPage(registration),
    onNeedRefresh: () => {
      updateReady = true;
      onUpdateReady();
      listeners.forEach((listener) => listener());
    },
  });
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version of the portal waits to take over. */
export const isUpdateReady = () => updateReady;

/** Lets the new version take over, and reloads the page into it. */
export const reloadIntoUpdate = () => void updateServiceWorker?.();
