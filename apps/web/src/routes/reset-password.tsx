import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import type { z } from 'zod/mini';
import { ResetPasswordBodySchema } from '@portal/contract/auth';
import { textOf } from '@portal/contract/messages';
import { PAGES } from '@portal/contract/paths';
import { resetPassword } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { useSectorsIfLoggedIn } from '../features/account/use-auth-guard';

export default function ResetPassword() {
  const { t } = useTranslation();
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
    const outcome = await runCall(() => resetPassword(values), t('callFailed.resetPassword'));
    if ('value' in outcome) form.reset({ password: '', confirmPW: '', id });
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <AuthLayout title={t('resetPassword.title')}>
      <FormResultAlert result={result ?? (linkError ? { ok: false, text: textOf(t, linkError) } : undefined)}>
        {result?.ok && (
          <p className="mb-0 mt-2">
            <Link to={PAGES.login} replace className="alert-link">
              {t('login.link')}
            </Link>
          </p>
        )}
      </FormResultAlert>
      {!result?.ok && (
        <Form noValidate onSubmit={onSubmit} aria-label={t('resetPassword.title')}>
          <PasswordField
            form={form}
            name="password"
            label={t('label.newPassword')}
            autoComplete="new-password"
            deps={['confirmPW']}
          />
          <PasswordField form={form} name="confirmPW" label={t('label.confirmPassword')} autoComplete="new-password" />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('resetPassword.submit')}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
