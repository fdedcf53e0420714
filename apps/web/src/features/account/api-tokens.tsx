import { useLanguage } from '../../i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { type CreatedApiToken, CreateApiTokenBodySchema } from '@portal/contract/account';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/account';
import { LoadError, Loading } from '../../components/status';
import { TextField } from './form-fields';
import { type FormResult, FormResultAlert, runCall } from './form-result';
import { formatDateTime } from './format';

// Code, not a text: the same in every language.
const AUTH_HEADER = 'Authorization: Bearer <token>';

/** Personal API tokens: scripts send one as `Authorization: Bearer` to the bulk data routes. */
export function ApiTokens() {
  const language = useLanguage();
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedApiToken>();
  const [result, setResult] = useState<FormResult>();
  const form = useForm<z.input<typeof CreateApiTokenBodySchema>, unknown, z.output<typeof CreateApiTokenBodySchema>>({
    resolver: zodResolver(CreateApiTokenBodySchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(undefined);
    setCreated(undefined);
    const outcome = await runCall(() => create.mutateAsync(values), t('callFailed.account'));
    if ('value' in outcome) {
      setCreated(outcome.value);
      form.reset({ name: '' });
    } else {
      setResult(outcome.refused);
    }
  });

  const onRevoke = async (id: string) => {
    setCreated(undefined);
    const outcome = await runCall(() => revoke.mutateAsync(id), t('callFailed.account'));
    setResult('refused' in outcome ? outcome.refused : undefined);
  };

  return (
    <>
      <p>
        <Trans i18nKey="apiTokens.intro" values={{ header: AUTH_HEADER }} components={{ code: <code /> }} />
      </p>
      {created && (
        <Alert variant="success" className="created-token">
          <p>{t('apiTokens.created', { name: created.name })}</p>
          <Form.Control
            readOnly
            value={created.token}
            aria-label={t('apiTokens.newToken')}
            className="font-monospace"
            onFocus={(e) => e.currentTarget.select()}
          />
        </Alert>
      )}
      <FormResultAlert result={result} />
      {tokens.isPending && <Loading />}
      {tokens.error && <LoadError error={tokens.error} />}
      {tokens.data && tokens.data.length > 0 && (
        <Table size="sm" responsive className="api-tokens">
          <caption className="visually-hidden">{t('apiTokens.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('apiTokens.name')}</th>
              <th scope="col">{t('apiTokens.createdAt')}</th>
              <th scope="col">{t('apiTokens.lastUsed')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('apiTokens.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{formatDateTime(token.createdAt, language)}</td>
                <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt, language) : t('apiTokens.never')}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => onRevoke(token.id)}
                    aria-label={t('apiTokens.revokeLabel', { name: token.name })}
                  >
                    {t('apiTokens.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {tokens.data?.length === 0 && <p className="text-body-secondary">{t('apiTokens.none')}</p>}
      <Form noValidate onSubmit={onSubmit} aria-label={t('apiTokens.form')} className="mt-3">
        <TextField form={form} name="name" label={t('apiTokens.tokenName')} hint={t('apiTokens.tokenNameHint')} />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('apiTokens.create')}
        </Button>
      </Form>
    </>
  );
}
