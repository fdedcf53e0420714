import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { FollowKind } from '@portal/contract/follows';
import { PAGES } from '@portal/contract/paths';
import { useFollows, useSetFollowing } from '../../api/follows';
import { Link } from '../../routing';
import { FormResultAlert, type FormResult, runCall } from '../account/form-result';
import { useSession } from '../account/use-session';

/**
 * "Follow": an e-mail after each import that changes a dataset, a source or a county (ADR 0042). A
 * visitor not logged in is offered the login instead. What the user follows loads in the browser.
 */
export function FollowToggle({ kind, target }: { kind: FollowKind; target: string }) {
  const { t } = useTranslation();
  const { email } = useSession();
  const follows = useFollows(Boolean(email));
  const setFollowing = useSetFollowing();
  const [result, setResult] = useState<FormResult>();
  if (!email)
    return (
      <p className="follow mt-2 d-print-none">
        <Link to={PAGES.login} className="btn btn-outline-primary action-button">
          {t('follow.login')}
        </Link>
      </p>
    );
  const following = Boolean(follows.data?.some((f) => f.kind === kind && f.target === target));
  const toggle = async () => {
    const outcome = await runCall(
      () => setFollowing.mutateAsync({ kind, target, following: !following }),
      t('callFailed.account'),
    );
    setResult('refused' in outcome ? outcome.refused : undefined);
  };
  return (
    <div className="follow mt-2 mb-3 d-print-none">
      <Button
        variant={following ? 'primary' : 'outline-primary'}
        className="action-button"
        aria-pressed={following}
        disabled={follows.isPending || setFollowing.isPending}
        onClick={toggle}
      >
        {following ? t('follow.following') : t('follow.follow')}
      </Button>{' '}
      <span className="text-body-secondary">{t('follow.hint')}</span>
      <FormResultAlert result={result} />
    </div>
  );
}
