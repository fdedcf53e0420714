import { registerSW } from 'virtual:pwa-register';
import { CATALOGUE_CACHE } from '@portal/contract/paths';

// The service worker (ADR 0026), registered by the entry script itself rather than by a component,
// so that a page the server drew registers it even when the app has not taken the page over yet
// (ADR 0029). It imports no part of the app.

/** The addresses of the answers a page the server drew came with (ADR 0029). */
const drawnFrom = () => document.getElementById('drawn-answers')?.dataset.from?.split(' ').filter(Boolean) ?? [];

/**
 * Hands the worker what it should keep for reading offline that this page did not fetch through
 * it: on the first visit (a page that loaded before the worker controlled it) everything the page
 * fetched, and on a page the server drew the answers it came with that the worker does not keep yet.
 */
async function keepForOffline(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  if (!registration) return;
  let urlsToCache: string[];
  if (!navigator.serviceWorker.controller) {
    urlsToCache = [...performance.getEntriesByType('resource').map((entry) => entry.name), ...drawnFrom()];
  } else {
    const kept = await caches.open(CATALOGUE_CACHE);
    urlsToCache = (await Promise.all(drawnFrom().map(async (url) => ((await kept.match(url)) ? [] : [url])))).flat();
  }
  if (urlsToCache.length === 0) return;
  const ready = await navigator.serviceWorker.ready;
  ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
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
    onRegisteredSW: (_url, registration) => void keepForOffline(registration),
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
