import type { NavigateFunction } from 'react-router';
import { PAGES } from '@portal/contract/paths';
import { checkSession } from '../../api/auth';
import { alertUser } from '../account/messages';
import { storedEmail } from '../account/use-session';

export const LOGIN_FIRST = 'Login first to export data.';

/**
 * The spec's rule before any export: an e-mail must be stored and the server must confirm the
 * session belongs to it. The server checks the session again on the export call itself.
 */
export async function loginCheck(): Promise<'ok' | 'login' | 'failed'> {
  const email = storedEmail();
  if (!email) return 'login';
  try {
    return (await checkSession({ email })).status ? 'ok' : 'login';
  } catch {
    return 'failed';
  }
}

/** 'Login first to export data.', then the login page, which returns here after logging in. */
export function sendToLogin(navigate: NavigateFunction): void {
  alertUser(LOGIN_FIRST);
  void navigate(PAGES.login);
}
