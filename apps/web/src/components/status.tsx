import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ErrorReference } from './error-reference';

// Drawn with Bootstrap's classes alone: every page shows these first, and react-bootstrap's Alert
// brings its fade transition's code with it.
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex align-items-center gap-2 py-4" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? t('status.loading')}</span>
    </div>
  );
}

/** A page's data that could not be had; the server's request id, when it logged one, to quote. */
export function LoadError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger my-3" role="alert">
      {t('status.loadError', { message: error.message })}
      {error instanceof ApiError && error.requestId && <ErrorReference error={error} />}
    </div>
  );
}

/**
 * An alert the visitor can close, with its close button named in the page's language (react-bootstrap's
 * Alert names it in English only, and brings a fade transition's code to every page that has one).
 */
export function DismissibleAlert({
  variant,
  onClose,
  children,
}: {
  variant: 'info' | 'warning' | 'danger';
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-${variant} alert-dismissible`} role="alert">
      {children}
      <button type="button" className="btn-close" aria-label={t('status.close')} onClick={onClose} />
    </div>
  );
}
