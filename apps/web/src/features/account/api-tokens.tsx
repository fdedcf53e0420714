import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CreatedApiToken, CreateApiTokenBodySchema } from '@portal/contract/account';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/account';
import { LoadError, Loading } from '../../components/status';
import { TextField } from './form-fields';
import { type FormResult, FormResultAlert, runCall } from './form-result';
import { formatDateTime } from './format';
import { CALL_FAILED } from './messages';

/** Personal API tokens: scripts send one as `Authorization: Bearer` to the bulk data routes. */
export function ApiTokens() {
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
    const outcome = await runCall(() => create.mutateAsync(values), CALL_FAILED.account);
    if ('value' in outcome) {
      setCreated(outcome.value);
      form.reset({ name: '' });
    } else {
      setResult(outcome.refused);
    }
  });

  const onRevoke = async (id: string) => {
    setCreated(undefined);
    const outcome = await runCall(() => revoke.mutateAsync(id), CALL_FAILED.account);
    setResult('refused' in outcome ? outcome.refused : undefined);
  };

  return (
    <>
      <p>
        Scripts can download bulk data as you: send a token in the header <code>Authorization: Bearer &lt;token&gt;</code>. Anyone holding a token can do so, so
        keep it secret and revoke it when it is no longer needed.
      </p>
      {created && (
        <Alert variant="success" className="created-token">
          <p>Token &quot;{created.name}&quot; created. Copy it now: it will not be shown again.</p>
          <Form.Control readOnly value={created.token} aria-label="New API token" className="font-monospace" onFocus={(e) => e.currentTarget.select()} />
        </Alert>
      )}
      <FormResultAlert result={result} />
      {tokens.isPending && <Loading />}
      {tokens.error && <LoadError error={tokens.error} />}
      {tokens.data && tokens.data.length > 0 && (
        <Table size="sm" responsive className="api-tokens">
          <caption className="visually-hidden">Your API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{formatDateTime(token.createdAt)}</td>
                <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => onRevoke(token.id)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {tokens.data?.length === 0 && <p className="text-body-secondary">No API tokens yet.</p>}
      <Form noValidate onSubmit={onSubmit} aria-label="Create an API token" className="mt-3">
        <TextField form={form} name="name" label="Token name" hint="For example the computer or script that will use it." />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Create token
        </Button>
      </Form>
    </>
  );
}
