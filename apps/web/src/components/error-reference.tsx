import { useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import { ApiError } from '../api/client';
import { newErrorReference } from './route-errors';

/** The server's request id when the error came from an API call, else a reference made here; both are logged. */
export function ErrorReference({ error }: { error: unknown }) {
  const [made] = useState(newErrorReference);
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const reference = requestId || made;
  // The console line is for whoever looks the reference up, not for the visitor: it stays in English.
  const logLabel = requestId ? 'Request id' : 'Error reference';
  useEffect(() => console.error(`${logLabel} ${reference}:`, error), [logLabel, reference, error]);
  return (
    <p className="error-reference mb-0">
      <Trans
        i18nKey={requestId ? 'errorReference.requestId' : 'errorReference.reference'}
        values={{ reference }}
        components={{ code: <code /> }}
      />
    </p>
  );
}
