import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AccountSchema,
  ApiTokenParamsSchema,
  ApiTokenSchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  CreateApiTokenBodySchema,
  CreatedApiTokenSchema,
  ExportEntrySchema,
  MAX_API_TOKENS,
} from '@portal/contract/account';
import { API, API_ROUTES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { countApiTokens, createApiToken, deleteApiToken, listApiTokens } from '@portal/db/queries/api-tokens.queries';
import { listExports } from '@portal/db/queries/export-log.queries';
import { findUserById } from '@portal/db/queries/users.queries';
import { AUTH_LIMITS, limiter } from '../../plugins/auth-limits.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { currentSessionHash, hashToken, requireSession } from '../../plugins/session.ts';
import { changePassword } from '../../services/accounts.ts';
import { toAccount, toApiToken, toExportEntry } from './to-dto.ts';
import { operation } from '../../plugins/api-docs.ts';

/**
 * My account (beyond the spec): profile, export history, password change and personal API tokens.
 * Only the session cookie opens it: an API token cannot mint more tokens or change the password.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const perIp = limiter(app, 'account-ip', AUTH_LIMITS.account.perIp);
  app.addHook('onRequest', perIp.hit);
  // Before validation, so a caller without a session learns that first, whatever the body.
  app.addHook('preValidation', requireSession(db, { apiTokens: false, message: 'auth.loginForAccount' }));
  const userId = (request: { sessionUser?: { id: string } }) => request.sessionUser!.id;
  // What every route here may answer, from the two hooks above.
  const GUARDED = ['RATE_LIMITED', 'LOGIN_REQUIRED'] as const;

  app.get(
    API.account,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'My account',
          description: "The signed-in user's profile. Needs the session cookie; a personal API token is refused here.",
          example: {},
          access: 'session',
        }),
        response: { 200: AccountSchema },
      },
    },
    async (request) => {
      const user = await findUserById(db, userId(request));
      if (!user) throw notFound('error.accountNotFound');
      return toAccount(user);
    },
  );

  app.get(
    API.accountExports,
    {
      config: { errors: [...GUARDED] },
      schema: {
        ...operation({
          summary: 'My exports',
          description: 'What the signed-in user exported and when, newest first.',
          example: {},
          access: 'session',
        }),
        response: { 200: z.array(ExportEntrySchema) },
      },
    },
    async (request) => (await listExports(db, userId(request))).map(toExportEntry),
  );

  app.post(
    API.accountPassword,
    {
      config: { errors: [...GUARDED, 'WRONG_PASSWORD'] },
      schema: {
        ...operation({
          summary: 'Change my password',
          description:
            "Changes the password after checking the current one; the user's other sessions end. 400 WRONG_PASSWORD.",
          example: {
            body: {
              currentPassword: 'the old password',
              password: 'a new long password',
              confirmPW: 'a new long password',
            },
          },
          access: 'session',
        }),
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema },
      },
    },
    async (request) => {
      await changePassword(db, userId(request), request.body, currentSessionHash(request));
      return { success: request.t('passwordChange.changed') };
    },
  );

  app.get(
    API.apiTokens,
    {
      config: { errors: [...GUARDED] },
      schema: {
        ...operation({
          summary: 'My API tokens',
          description:
            "The signed-in user's personal API tokens (never the token itself), with when each was last used.",
          example: {},
          access: 'session',
        }),
        response: { 200: z.array(ApiTokenSchema) },
      },
    },
    async (request) => (await listApiTokens(db, userId(request))).map(toApiToken),
  );

  app.post(
    API.apiTokens,
    {
      config: { errors: [...GUARDED, 'TOO_MANY_TOKENS'] },
      schema: {
        ...operation({
          summary: 'Create an API token',
          description:
            'Creates a personal API token for scripts. The answer shows the token this once; send it as `Authorization: Bearer <token>`. 409 TOO_MANY_TOKENS past 10.',
          example: { body: { name: 'my analysis script' } },
          access: 'session',
        }),
        body: CreateApiTokenBodySchema,
        response: { 201: CreatedApiTokenSchema },
      },
    },
    async (request, reply) => {
      if ((await countApiTokens(db, userId(request))) >= MAX_API_TOKENS) {
        throw new AppError('TOO_MANY_TOKENS', 'apiToken.tooMany', { max: MAX_API_TOKENS });
      }
      // The prefix makes a leaked token recognisable to secret scanners and to its owner.
      const token = `kclew_${randomBytes(32).toString('base64url')}`;
      const row = {
        id: randomUUID(),
        user_id: userId(request),
        name: request.body.name,
        token_hash: hashToken(token),
        created_at: Date.now(),
        last_used_at: null,
      };
      await createApiToken(db, row);
      return reply.status(201).send({ ...toApiToken(row), token });
    },
  );

  app.delete(
    API_ROUTES.apiToken,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Revoke an API token',
          description: "Revokes one of the user's tokens at once. 404 when it is not theirs or already revoked.",
          example: { params: { id: '5f0c6c1e-2b1f-4a59-9d53-0d1f3c8e7a21' } },
          access: 'session',
        }),
        params: ApiTokenParamsSchema,
      },
    },
    async (request, reply) => {
      if (!(await deleteApiToken(db, userId(request), request.params.id))) {
        throw new AppError('NOT_FOUND', 'apiToken.notFound');
      }
      return reply.status(204).send();
    },
  );
};
