import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ApiError } from '../../api/client';
import { alertUser } from './messages';

/** What a form shows above its fields after a call: green on success, red when the server refused. */
export interface FormResult {
  ok: boolean;
  text: string;
}

export function FormResultAlert({ result, children }: { result: FormResult | undefined; children?: ReactNode }) {
  if (!result) return null;
  return (
    <Alert variant={result.ok ? 'success' : 'danger'} className="form-result">
      {result.text}
      {children}
    </Alert>
  );
}

/**
 * Runs a call of a form. A refusal with a text (wrong password, used link, too many attempts)
 * becomes the red result; a call that fails (no answer, a server fault) shows the spec's alert.
 */
export async function runCall<T>(
  call: () => Promise<T>,
  failedAlert: string,
): Promise<{ value: T } | { refused?: FormResult }> {
  try {
    return { value: await call() };
  } catch (error) {
    if (error instanceof ApiError && error.isRefusal) return { refused: { ok: false, text: error.message } };
    alertUser(failedAlert);
    return {};
  }
}
