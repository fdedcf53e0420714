import { useLanguage } from '../i18n';
import { Fragment, type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import type { Account as Profile } from '@portal/contract/account';
import { PAGES } from '@portal/contract/paths';
import { useAccount } from '../api/account';
import { ApiError } from '../api/client';
import { LoadError, Loading } from '../components/status';
import { ApiTokens } from '../features/account/api-tokens';
import { AuthLayout } from '../features/account/auth-layout';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { ExportHistory } from '../features/account/export-history';
import { formatDateTime } from '../features/account/format';
import { AlertList } from '../features/alerts/alert-list';
import { FollowList } from '../features/follows/follow-list';
import { forgetLogin, useSession } from '../features/account/use-session';

/** My account (beyond the spec): profile, what the user follows, export history, password and personal API tokens. */
export default function Account() {
  const { t } = useTranslation();
  const { email } = useSession();
  return <AuthLayout title={t('account.title')}>{email ? <AccountSections /> : <LoginPrompt />}</AuthLayout>;
}

function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <Alert variant="info">
      <p>{t('auth.loginForAccount')}</p>
      <Link to={PAGES.login} className="btn btn-primary">
        {t('login.link')}
      </Link>
    </Alert>
  );
}

function AccountSections() {
  const { t } = useTranslation();
  const account = useAccount();
  const expired = account.error instanceof ApiError && account.error.status === 401;
  // The stored e-mail outlived the session (expired, or ended elsewhere): stop showing it.
  useEffect(() => {
    if (expired) forgetLogin();
  }, [expired]);
  if (account.isPending) return <Loading />;
  if (account.error) return expired ? null : <LoadError error={account.error} />;
  return (
    <>
      <Section title={t('profile.title')}>
        <ProfileList profile={account.data} />
      </Section>
      <Section title={t('follows.title')}>
        <FollowList />
      </Section>
      <Section title={t('alerts.title')}>
        <AlertList />
      </Section>
      <Section title={t('exportHistory.title')}>
        <ExportHistory />
      </Section>
      <Section title={t('changePassword.title')}>
        <ChangePasswordForm />
      </Section>
      <Section title={t('apiTokens.title')}>
        <ApiTokens />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" className="mb-4">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

function ProfileList({ profile }: { profile: Profile }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.name'), profile.username],
    [t('profile.email'), profile.email],
    [t('profile.organization'), profile.organization],
    [t('profile.country'), profile.country],
    [t('profile.useOfData'), profile.useOfData],
    [t('profile.memberSince'), formatDateTime(profile.createdAt, language)],
  ];
  return (
    <dl className="row mb-0 profile">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="col-sm-4">{term}</dt>
          <dd className="col-sm-8">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
