import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import { PAGES } from '@portal/contract/paths';
import { verifyEmail } from '../api/auth';
import { ApiError } from '../api/client';
import { AuthLayout } from '../features/account/auth-layout';

type State = { step: 'idle' } | { step: 'loading' } | { step: 'verified' } | { step: 'error'; text: string };

/**
 * E-mail verification waits for the 'Verify' button (spec section 2), which also keeps mail
 * scanners that open links from spending the link before its owner does.
 */
export default function Verify() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const [state, setState] = useState<State>({ step: 'idle' });

  const verify = async () => {
    setState({ step: 'loading' });
    try {
      await verifyEmail({ id });
      setState({ step: 'verified' });
    } catch (error) {
      setState({
        step: 'error',
        text: error instanceof ApiError && error.isRefusal ? error.message : t('callFailed.verify'),
      });
    }
  };

  return (
    <AuthLayout title={t('verify.title')}>
      {(state.step === 'idle' || state.step === 'loading') && (
        <>
          <p>{t('verify.intro')}</p>
          <Button onClick={verify} disabled={state.step === 'loading'}>
            {state.step === 'loading' ? t('status.loading') : t('verify.submit')}
          </Button>
        </>
      )}
      {state.step === 'verified' && (
        <Alert variant="success">
          <p>{t('verify.verified')}</p>
          <Link to={PAGES.login} replace className="btn btn-primary">
            {t('login.link')}
          </Link>
        </Alert>
      )}
      {state.step === 'error' && (
        <Alert variant="danger">
          <p>{state.text}</p>
          <Link to={PAGES.signup} replace className="btn btn-primary">
            {t('verify.signupAgain')}
          </Link>
        </Alert>
      )}
    </AuthLayout>
  );
}
