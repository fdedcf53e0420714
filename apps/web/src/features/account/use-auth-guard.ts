import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../routing';
import { PAGES } from '@portal/contract/paths';
import { checkSession } from '../../api/auth';
import { alertUser } from './messages';
import { storedEmail } from './stored-login';
import { forgetLogin, useGoBack } from './use-session';

// The guards act once, on arrival (effects without dependencies): a login made on the page
// navigates by itself. What they do is an effect event, so it sees the current router.

/**
 * /login and /signup: a stored e-mail is checked with the server; if its session is live the
 * visitor is sent back, or to /sectors. A stored e-mail without a live session is forgotten, so
 * the pages stop showing a login that no longer exists.
 */
export function useLeaveIfLoggedIn(): void {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const leave = useEffectEvent((email: string) =>
    goBack(PAGES.sectors, { state: { info: t('sentAway.loggedIn', { email }) } }),
  );
  const failed = useEffectEvent(() => alertUser(t('callFailed.check')));
  useEffect(() => {
    const email = storedEmail();
    if (!email) return;
    let current = true;
    checkSession({ email }).then(
      ({ status }) => {
        if (!current) return;
        if (status) leave(email);
        else forgetLogin();
      },
      () => current && failed(),
    );
    return () => {
      current = false;
    };
  }, []);
}

/** /forgot-password: a logged-in visitor goes back one step (or to /sectors on a first page). */
export function useBackIfLoggedIn(): void {
  const goBack = useGoBack();
  const leave = useEffectEvent(() => goBack(PAGES.sectors));
  useEffect(() => {
    if (storedEmail()) leave();
  }, []);
}

/** /reset/{id}: a logged-in visitor goes to /sectors. */
export function useSectorsIfLoggedIn(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useEffectEvent(
    () => void navigate(PAGES.sectors, { replace: true, state: { info: t('sentAway.reset') } }),
  );
  useEffect(() => {
    if (storedEmail()) leave();
  }, []);
}
