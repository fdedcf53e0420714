import { useSyncExternalStore } from 'react';

/**
 * Whether the browser knows it has no network. A connection that fails while the browser thinks
 * it is online shows as the failed call's own error.
 */
export const isOffline = (): boolean => !navigator.onLine;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser is offline, following its `online` and `offline` events. A page the server
 * rendered was online, and hydrates as such.
 */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);
