import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { ResetPasswordBodySchema } from '@portal/contract/auth';
import { PAGES } from '@portal/contract/paths';
import { resetPassword } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { CALL_FAILED } from '../features/account/messages';
import { useSectorsIfLoggedIn } from '../features/account/use-auth-guard';

export default function ResetPassword() {
  useSectorsIfLoggedIn();
  // The link's id travels with the form's values, so the one schema checks all three.
  const id = useParams().id ?? '';
  const form = useForm<z.input<typeof ResetPasswordBodySchema>, unknown, z.output<typeof ResetPasswordBodySchema>>({
    resolver: zodResolver(ResetPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPW: '', id },
  });
  const [result, setResult] = useState<FormResult>();
  const linkError = form.formState.errors.id?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => resetPassword(values), CALL_FAILED.resetPassword);
    if ('value' in outcome) form.reset({ password: '', confirmPW: '', id });
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <AuthLayout title="Reset password">
      <FormResultAlert result={result ?? (linkError ? { ok: false, text: linkError } : undefined)}>
        {result?.ok && (
          <p className="mb-0 mt-2">
            <Link to={PAGES.login} replace className="alert-link">
              Login
            </Link>
          </p>
        )}
      </FormResultAlert>
      {!result?.ok && (
        <Form noValidate onSubmit={onSubmit} aria-label="Reset password">
          <PasswordField form={form} name="password" label="New password" autoComplete="new-password" deps={['confirmPW']} />
          <PasswordField form={form} name="confirmPW" label="Confirm password" autoComplete="new-password" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Reset password
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
