import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../routing';
import type { z } from 'zod/mini';
import { LoginBodySchema } from '@portal/contract/auth';
import { PAGES } from '@portal/contract/paths';
import { login } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField, TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { useLeaveIfLoggedIn } from '../features/account/use-auth-guard';
import { rememberLogin, useGoBack } from '../features/account/use-session';

export default function Login() {
  const { t } = useTranslation();
  useLeaveIfLoggedIn();
  const goBack = useGoBack();
  const form = useForm<z.input<typeof LoginBodySchema>, unknown, z.output<typeof LoginBodySchema>>({
    resolver: zodResolver(LoginBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => login(values), t('callFailed.login'));
    if ('value' in outcome) {
      rememberLogin(outcome.value.data, outcome.value.username);
      goBack(PAGES.sectors);
    } else {
      setResult(outcome.refused);
    }
  });

  return (
    <AuthLayout title={t('login.title')}>
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
        <TextField form={form} name="email" label={t('label.email')} type="email" autoComplete="email" />
        <PasswordField form={form} name="password" label={t('label.password')} />
        <div className="d-flex align-items-center gap-3 flex-wrap">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('login.submit')}
          </Button>
          <Link to={PAGES.forgotPassword} replace>
            {t('login.forgotPassword')}
          </Link>
        </div>
      </Form>
      <p className="mt-4">
        <Trans i18nKey="login.noAccount" components={{ signupLink: <Link to={PAGES.signup} replace /> }} />
      </p>
    </AuthLayout>
  );
}
