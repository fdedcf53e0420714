import { checkLogin } from '../../api/timeseries';

export const LOGIN_FIRST = 'Login first to export data.';
export const CHECK_FAILED = 'oops, something went wrong';

/**
 * The spec's rule before any export: an e-mail must be stored and the server must confirm the
 * session belongs to it. The server checks the session again on the export call itself.
 */
export async function loginCheck(): Promise<'ok' | 'login' | 'failed'> {
  const email = localStorage.getItem('email');
  if (!email) return 'login';
  try {
    return (await checkLogin(email)).status ? 'ok' : 'login';
  } catch {
    return 'failed';
  }
}
