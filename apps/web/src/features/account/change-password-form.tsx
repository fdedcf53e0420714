import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChangePasswordBodySchema } from '@portal/contract/account';
import { changePassword } from '../../api/account';
import { PasswordField } from './form-fields';
import { type FormResult, FormResultAlert, runCall } from './form-result';
import { CALL_FAILED } from './messages';

const EMPTY = { currentPassword: '', password: '', confirmPW: '' };

export function ChangePasswordForm() {
  const form = useForm<z.input<typeof ChangePasswordBodySchema>, unknown, z.output<typeof ChangePasswordBodySchema>>({
    resolver: zodResolver(ChangePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [result, setResult] = useState<FormResult>();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => changePassword(values), CALL_FAILED.account);
    if ('value' in outcome) form.reset(EMPTY);
    setResult('value' in outcome ? { ok: true, text: outcome.value.success } : outcome.refused);
  });

  return (
    <>
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label="Change password">
        <PasswordField form={form} name="currentPassword" label="Current password" />
        <PasswordField form={form} name="password" label="New password" autoComplete="new-password" deps={['confirmPW']} />
        <PasswordField form={form} name="confirmPW" label="Confirm new password" autoComplete="new-password" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Change password
        </Button>
      </Form>
    </>
  );
}
