import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ErrorReference } from './error-reference';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex align-items-center gap-2 py-4" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label ?? t('status.loading')}</span>
    </div>
  );
}

/** A page's data that could not be had; the server's request id, when it logged one, to quote. */
export function LoadError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="my-3">
      {t('status.loadError', { message: error.message })}
      {error instanceof ApiError && error.requestId && <ErrorReference error={error} />}
    </Alert>
  );
}
