import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { canGoBack, type NavigateOptions, useNavigate } from '../../routing';
import { ACCOUNT_KEY } from '../../api/account';
import { logout } from '../../api/auth';
import { alertUser } from './messages';
import { EMAIL, storedEmail, USERNAME } from './stored-login';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes what this one shows too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const noLogin = () => null;

/** Who the pages show as logged in: the stored e-mail and user name, or nulls. */
export function useSession(): { email: string | null; username: string | null } {
  // The server has no local storage: it draws a page as for a visitor who is not logged in, and the
  // browser shows the stored login as soon as its script runs.
  const email = useSyncExternalStore(subscribe, storedEmail, noLogin);
  const username = useSyncExternalStore(subscribe, () => localStorage.getItem(USERNAME), noLogin);
  return { email, username };
}

/** After a successful login: remember who is logged in, for the pages. */
export function rememberLogin(email: string, username: string): void {
  localStorage.setItem(EMAIL, email);
  localStorage.setItem(USERNAME, username);
  notify();
}

/** Forget the login on this browser: the spec clears all of local storage. */
export function forgetLogin(): void {
  localStorage.clear();
  notify();
}

/**
 * Logout as the spec has it: read the stored e-mail, clear local storage, then tell the server
 * (which ends the session). The visitor stays on the page; only a failed call shows an alert.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const email = storedEmail() ?? '';
    forgetLogin();
    queryClient.removeQueries({ queryKey: [ACCOUNT_KEY] });
    try {
      await logout({ email });
    } catch {
      alertUser(t('callFailed.logout'));
    }
  }, [queryClient, t]);
}

/** Goes back to the previous page of the portal, or to `fallback` when this page was the first. */
export function useGoBack(): (fallback: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (fallback, options) => {
      if (canGoBack()) void navigate(-1);
      else void navigate(fallback, { replace: true, ...options });
    },
    [navigate],
  );
}
