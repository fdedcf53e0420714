import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { newErrorReference } from './route-errors';

const TEXTS = { requestId: 'Request id', reference: 'Error reference' } as const;

/** The server's request id when the error came from an API call, else a reference made here; both are logged. */
export function ErrorReference({ error }: { error: unknown }) {
  const [made] = useState(newErrorReference);
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const [label, reference] = requestId ? [TEXTS.requestId, requestId] : [TEXTS.reference, made];
  useEffect(() => console.error(`${label} ${reference}:`, error), [label, reference, error]);
  return (
    <p className="error-reference mb-0">
      {label}: <code>{reference}</code>
    </p>
  );
}
