import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { LoginBodySchema } from '@portal/contract/auth';
import { PAGES } from '@portal/contract/paths';
import { login } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField, TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { CALL_FAILED } from '../features/account/messages';
import { useLeaveIfLoggedIn } from '../features/account/use-auth-guard';
import { rememberLogin, useGoBack } from '../features/account/use-session';

export default function Login() {
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
    const outcome = await runCall(() => login(values), CALL_FAILED.login);
    if ('value' in outcome) {
      rememberLogin(outcome.value.data, outcome.value.username);
      goBack(PAGES.sectors);
    } else {
      setResult(outcome.refused);
    }
  });

  return (
    <AuthLayout title="Login">
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label="Login">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <PasswordField form={form} name="password" label="Password" />
        <div className="d-flex align-items-center gap-3 flex-wrap">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Login
          </Button>
          <Link to={PAGES.forgotPassword} replace>
            Forgot password?
          </Link>
        </div>
      </Form>
      <p className="mt-4">
        No account yet?{' '}
        <Link to={PAGES.signup} replace>
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
