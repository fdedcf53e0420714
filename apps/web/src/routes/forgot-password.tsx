import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { ForgotPasswordBodySchema } from '@portal/contract/auth';
import { requestPasswordReset } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { useBackIfLoggedIn } from '../features/account/use-auth-guard';

export default function ForgotPassword() {
  const { t } = useTranslation();
  useBackIfLoggedIn();
  const form = useForm<z.input<typeof ForgotPasswordBodySchema>, unknown, z.output<typeof ForgotPasswordBodySchema>>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => requestPasswordReset(values), t('callFailed.forgotPassword'));
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <AuthLayout title={t('forgotPassword.title')}>
      <FormResultAlert result={result} />
      <p>{t('forgotPassword.intro')}</p>
      <Form noValidate onSubmit={onSubmit} aria-label={t('forgotPassword.title')}>
        <TextField form={form} name="email" label={t('label.email')} type="email" autoComplete="email" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('forgotPassword.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
