import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SignupBodySchema } from '@portal/contract/auth';
import { PAGES } from '@portal/contract/paths';
import { signup } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField, TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { CALL_FAILED } from '../features/account/messages';
import { useLeaveIfLoggedIn } from '../features/account/use-auth-guard';

const EMPTY = { username: '', email: '', password: '', confirmPW: '', organization: '', country: '', useOfData: '' };

export default function Signup() {
  useLeaveIfLoggedIn();
  const form = useForm<z.input<typeof SignupBodySchema>, unknown, z.output<typeof SignupBodySchema>>({
    resolver: zodResolver(SignupBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => signup(values), CALL_FAILED.signup);
    if ('value' in outcome) {
      setResult({ ok: true, text: outcome.value.info });
      form.reset(EMPTY);
    } else if (outcome.refused) {
      setResult(outcome.refused);
    } else {
      return;
    }
    // The message sits above a long form: bring it into view.
    window.scrollTo(0, 0);
  });

  return (
    <AuthLayout title="Sign up">
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label="Sign up">
        <TextField form={form} name="username" label="Name" autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <PasswordField form={form} name="password" label="Password" autoComplete="new-password" deps={['confirmPW']} />
        <PasswordField form={form} name="confirmPW" label="Confirm password" autoComplete="new-password" />
        <TextField form={form} name="organization" label="Organization" autoComplete="organization" />
        <TextField form={form} name="country" label="Country" autoComplete="country-name" />
        <TextField form={form} name="useOfData" label="What will you use the data for?" multiline />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Sign up
        </Button>
      </Form>
      <p className="mt-4">
        Already have an account?{' '}
        <Link to={PAGES.login} replace>
          Login
        </Link>
      </p>
    </AuthLayout>
  );
}
