import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { UnsubscribeState } from '@portal/contract/follows';
import { PAGES } from '@portal/contract/paths';
import { ApiError } from '../api/client';
import { unsubscribe } from '../api/follows';
import { AuthLayout } from '../features/account/auth-layout';
import { Link, useParams } from '../routing';

type State =
  { step: 'idle' | 'loading' } | { step: 'done'; answer: UnsubscribeState } | { step: 'error'; text: string };

/**
 * Where a mail's unsubscribe link leads (ADR 0042). Stopping waits for the button, so a mail
 * scanner that opens the link ends nothing; mail programs post to the same address at once (RFC 8058).
 */
export default function Unsubscribe() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ step: 'idle' });

  const stop = async () => {
    setState({ step: 'loading' });
    try {
      setState({ step: 'done', answer: await unsubscribe(token) });
    } catch (error) {
      setState({
        step: 'error',
        text: error instanceof ApiError && error.isRefusal ? error.message : t('callFailed.account'),
      });
    }
  };

  return (
    <AuthLayout title={t('unsubscribe.title')}>
      {(state.step === 'idle' || state.step === 'loading') && (
        <>
          <p>{t('unsubscribe.intro')}</p>
          <Button className="action-button" onClick={stop} disabled={state.step === 'loading'}>
            {state.step === 'loading' ? t('status.loading') : t('unsubscribe.submit')}
          </Button>
        </>
      )}
      {state.step === 'done' && (
        <Alert variant="success">
          <p>{state.answer.message}</p>
          <ul>
            {state.answer.follows.map((f) => (
              <li key={`${f.kind}:${f.target}`}>{f.title}</li>
            ))}
          </ul>
          <Link to={PAGES.account} className="btn btn-primary">
            {t('unsubscribe.account')}
          </Link>
        </Alert>
      )}
      {state.step === 'error' && <Alert variant="danger">{state.text}</Alert>}
    </AuthLayout>
  );
}
