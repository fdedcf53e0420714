import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isUpdateReady, reloadIntoUpdate, subscribeToUpdate } from '../service-worker';
import { useOffline } from './connection';

/**
 * Notices about the portal itself, kept at the foot of the window over any page: that the browser
 * is offline, and that a new version is ready.
 */
export function AppNotices() {
  const { t } = useTranslation();
  const offline = useOffline();
  const updateReady = useSyncExternalStore(subscribeToUpdate, isUpdateReady, () => false);
  if (!offline && !updateReady) return null;
  return (
    <div className="app-notices d-print-none">
      {offline && (
        <p role="status" className="alert alert-warning shadow-sm mb-0">
          {t('offline.banner')}
        </p>
      )}
      {/* The new version takes over only when the visitor reloads: until then the page keeps its own build's chunks. */}
      {updateReady && (
        <div role="status" className="alert alert-info shadow-sm mb-0 d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('update.available')}</span>
          <button type="button" className="btn btn-primary btn-sm" onClick={reloadIntoUpdate}>
            {t('update.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
