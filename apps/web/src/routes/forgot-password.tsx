import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ForgotPasswordBodySchema } from '@portal/contract/auth';
import { requestPasswordReset } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { CALL_FAILED } from '../features/account/messages';
import { useBackIfLoggedIn } from '../features/account/use-auth-guard';

export default function ForgotPassword() {
  useBackIfLoggedIn();
  const form = useForm<z.input<typeof ForgotPasswordBodySchema>, unknown, z.output<typeof ForgotPasswordBodySchema>>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => requestPasswordReset(values), CALL_FAILED.forgotPassword);
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <AuthLayout title="Forgot password">
      <FormResultAlert result={result} />
      <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <Form noValidate onSubmit={onSubmit} aria-label="Forgot password">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Send reset link
        </Button>
      </Form>
    </AuthLayout>
  );
}
