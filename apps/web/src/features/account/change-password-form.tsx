import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { ChangePasswordBodySchema } from '@portal/contract/account';
import { changePassword } from '../../api/account';
import { PasswordField } from './form-fields';
import { type FormResult, FormResultAlert, runCall } from './form-result';

const EMPTY = { currentPassword: '', password: '', confirmPW: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof ChangePasswordBodySchema>, unknown, z.output<typeof ChangePasswordBodySchema>>({
    resolver: zodResolver(ChangePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => changePassword(values), t('callFailed.account'));
    if ('value' in outcome) form.reset(EMPTY);
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <>
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label={t('changePassword.title')}>
        <PasswordField form={form} name="currentPassword" label={t('label.currentPassword')} />
        <PasswordField
          form={form}
          name="password"
          label={t('label.newPassword')}
          autoComplete="new-password"
          deps={['confirmPW']}
        />
        <PasswordField form={form} name="confirmPW" label={t('label.confirmNewPassword')} autoComplete="new-password" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('changePassword.submit')}
        </Button>
      </Form>
    </>
  );
}
