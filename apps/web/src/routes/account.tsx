import { Fragment, type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
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
import { forgetLogin, useSession } from '../features/account/use-session';

/** My account (beyond the spec): profile, export history, password and personal API tokens. */
export default function Account() {
  const { email } = useSession();
  return <AuthLayout title="My account">{email ? <AccountSections /> : <LoginPrompt />}</AuthLayout>;
}

function LoginPrompt() {
  return (
    <Alert variant="info">
      <p>Log in to see your account.</p>
      <Link to={PAGES.login} className="btn btn-primary">
        Login
      </Link>
    </Alert>
  );
}

function AccountSections() {
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
      <Section title="Profile">
        <ProfileList profile={account.data} />
      </Section>
      <Section title="Export history">
        <ExportHistory />
      </Section>
      <Section title="Change password">
        <ChangePasswordForm />
      </Section>
      <Section title="API tokens">
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
  const rows: [string, string][] = [
    ['Name', profile.username],
    ['Email', profile.email],
    ['Organization', profile.organization],
    ['Country', profile.country],
    ['Use of data', profile.useOfData],
    ['Member since', formatDateTime(profile.createdAt)],
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
