import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { PAGES } from '@portal/contract/paths';
import { verifyEmail } from '../api/auth';
import { ApiError } from '../api/client';
import { AuthLayout } from '../features/account/auth-layout';
import { CALL_FAILED, VERIFIED_TEXT } from '../features/account/messages';

type State = { step: 'idle' } | { step: 'loading' } | { step: 'verified' } | { step: 'error'; text: string };

/**
 * E-mail verification waits for the 'Verify' button (spec section 2), which also keeps mail
 * scanners that open links from spending the link before its owner does.
 */
export default function Verify() {
  const id = useParams().id ?? '';
  const [state, setState] = useState<State>({ step: 'idle' });

  const verify = async () => {
    setState({ step: 'loading' });
    try {
      await verifyEmail({ id });
      setState({ step: 'verified' });
    } catch (error) {
      setState({ step: 'error', text: error instanceof ApiError && error.isRefusal ? error.message : CALL_FAILED.verify });
    }
  };

  return (
    <AuthLayout title="Verify your e-mail">
      {(state.step === 'idle' || state.step === 'loading') && (
        <>
          <p>Press the button to confirm your e-mail address and activate your account.</p>
          <Button onClick={verify} disabled={state.step === 'loading'}>
            {state.step === 'loading' ? 'Loading...' : 'Verify'}
          </Button>
        </>
      )}
      {state.step === 'verified' && (
        <Alert variant="success">
          <p>{VERIFIED_TEXT}</p>
          <Link to={PAGES.login} replace className="btn btn-primary">
            Login
          </Link>
        </Alert>
      )}
      {state.step === 'error' && (
        <Alert variant="danger">
          <p>{state.text}</p>
          <Link to={PAGES.signup} replace className="btn btn-primary">
            Signup again
          </Link>
        </Alert>
      )}
    </AuthLayout>
  );
}
