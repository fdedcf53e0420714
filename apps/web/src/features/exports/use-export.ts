import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from '../../routing';
import type { Translate } from '@portal/contract/messages';
import { PAGES } from '@portal/contract/paths';
import { checkSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { isOffline } from '../../components/connection';
import { alertUser } from '../account/messages';
import { storedEmail } from '../account/stored-login';

/** Why an export stopped before its call: no connection, no login, or the login check call itself failed. */
class ExportStopped extends Error {
  constructor(readonly reason: 'offline' | 'login' | 'check-failed') {
    super(`The export stopped before its call: ${reason}`);
  }
}

/**
 * The spec's rule before any export: an e-mail must be stored and the server must confirm the
 * session belongs to it. The server checks the session again on the export call itself.
 */
async function requireLogin(): Promise<void> {
  const email = storedEmail();
  if (!email) throw new ExportStopped('login');
  let status: boolean;
  try {
    ({ status } = await checkSession({ email }));
  } catch {
    throw new ExportStopped('check-failed');
  }
  if (!status) throw new ExportStopped('login');
}

/** 'Login first to export data.', then the login page, which returns here after logging in. */
function sendToLogin(t: Translate, navigate: NavigateFunction): void {
  alertUser(t('auth.loginFirst'));
  void navigate(PAGES.login);
}

/** The text of a failure other than a missing login. */
function failureText(t: Translate, error: Error): string {
  if (!(error instanceof ExportStopped)) return t('export.failed');
  return error.reason === 'offline' ? t('offline.export') : t('callFailed.check');
}

/**
 * An export (spec sections 5-8) as a mutation: the login check, then the export call, so that
 * `isPending` ('Exporting...') covers both. Offline, neither is tried and the visitor is told that
 * exports need a connection. A visitor who is not logged in, by the check or by the server's answer,
 * is sent to log in; any other failure is handed to `onFailure` as the spec's text.
 */
export function useExport<Variables, Answer>(
  exportCall: (variables: Variables) => Promise<Answer>,
  onFailure: (text: string) => void,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      if (isOffline()) throw new ExportStopped('offline');
      await requireLogin();
      return exportCall(variables);
    },
    onError: (error) => {
      const loginNeeded =
        error instanceof ExportStopped
          ? error.reason === 'login'
          : error instanceof ApiError && error.code === 'LOGIN_REQUIRED';
      if (loginNeeded) sendToLogin(t, navigate);
      else onFailure(failureText(t, error));
    },
  });
}
