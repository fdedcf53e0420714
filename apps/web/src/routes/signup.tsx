import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../routing';
import type { z } from 'zod/mini';
import { SignupBodySchema } from '@portal/contract/auth';
import { PAGES } from '@portal/contract/paths';
import { signup } from '../api/auth';
import { AuthLayout } from '../features/account/auth-layout';
import { PasswordField, TextField } from '../features/account/form-fields';
import { type FormResult, FormResultAlert, runCall } from '../features/account/form-result';
import { useLeaveIfLoggedIn } from '../features/account/use-auth-guard';

const EMPTY = { username: '', email: '', password: '', confirmPW: '', organization: '', country: '', useOfData: '' };

export default function Signup() {
  const { t } = useTranslation();
  useLeaveIfLoggedIn();
  const form = useForm<z.input<typeof SignupBodySchema>, unknown, z.output<typeof SignupBodySchema>>({
    resolver: zodResolver(SignupBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [result, setResult] = useState<FormResult>();
  // The message sits above a long form: bring it into view once it is drawn, at once. A smooth
  // scroll started before the message is drawn could stop short of the top as the page grows.
  useEffect(() => {
    if (result) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [result]);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const outcome = await runCall(() => signup(values), t('callFailed.signup'));
    if ('value' in outcome) {
      setResult({ ok: true, text: outcome.value.info });
      form.reset(EMPTY);
    } else if (outcome.refused) {
      setResult(outcome.refused);
    }
  });

  return (
    <AuthLayout title={t('signup.title')}>
      <FormResultAlert result={result} />
      <Form noValidate onSubmit={onSubmit} aria-label={t('signup.title')}>
        <TextField form={form} name="username" label={t('label.name')} autoComplete="name" />
        <TextField form={form} name="email" label={t('label.email')} type="email" autoComplete="email" />
        <PasswordField
          form={form}
          name="password"
          label={t('label.password')}
          autoComplete="new-password"
          deps={['confirmPW']}
        />
        <PasswordField form={form} name="confirmPW" label={t('label.confirmPassword')} autoComplete="new-password" />
        <TextField form={form} name="organization" label={t('label.organization')} autoComplete="organization" />
        <TextField form={form} name="country" label={t('label.country')} autoComplete="country-name" />
        <TextField form={form} name="useOfData" label={t('label.useOfData')} multiline />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('signup.submit')}
        </Button>
      </Form>
      <p className="mt-4">
        <Trans i18nKey="signup.haveAccount" components={{ loginLink: <Link to={PAGES.login} replace /> }} />
      </p>
    </AuthLayout>
  );
}
