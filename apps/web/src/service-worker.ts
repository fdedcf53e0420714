import { registerSW } from 'virtual:pwa-register';

// The service worker (ADR 0026), registered by the entry script once the page has loaded. It
// imports no part of the app.

/** Asks the worker to keep the page at `url` for reading offline (a page shown without being fetched as a document). */
export function keepPageForOffline(url: string): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'KEEP_PAGE', url });
}

/**
 * On the first visit the page loaded before the worker controlled it: the worker is handed the
 * page itself and every answer the page fetched, to keep for reading offline.
 */
async function keepFirstVisit(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  if (!registration || navigator.serviceWorker.controller) return;
  const ready = await navigator.serviceWorker.ready;
  const urlsToCache = performance.getEntriesByType('resource').map((entry) => entry.name);
  ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  ready.active?.postMessage({ type: 'KEEP_PAGE', url: window.location.href });
}

let updateReady = false;
const listeners = new Set<() => void>();
let updateServiceWorker: (() => Promise<void>) | undefined;

/**
 * Registers the service worker once the page has loaded; the subscribers of `subscribeToUpdate`
 * are told when a new version waits.
 */
export function registerServiceWorker(): void {
  updateServiceWorker = registerSW({
    onRegisteredSW: (_url, registration) => void keepFirstVisit(registration),
    onNeedRefresh: () => {
      updateReady = true;
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
