import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  FollowSchema,
  FollowTargetSchema,
  UnsubscribeParamsSchema,
  UnsubscribeStateSchema,
} from '@portal/contract/follows';
import { API, API_ROUTES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { addFollow, listFollows, removeFollow } from '@portal/db/queries/follows.queries';
import { AUTH_LIMITS, limiter } from '../../plugins/auth-limits.ts';
import { operation } from '../../plugins/api-docs.ts';
import { AppError } from '../../plugins/errors.ts';
import { noStore, requireSession } from '../../plugins/session.ts';
import { checkFollowTarget, describeFollows } from '../../services/follows.ts';
import { unsubscribeState, endFollowsOfLink } from '../../services/unsubscribe.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Following datasets, sources and counties by e-mail (ADR 0042): the signed-in user's follows, with
 * the session or a personal API token.
 */
const myFollows: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('onRequest', limiter(app, 'follow-ip', AUTH_LIMITS.account.perIp).hit);
  app.addHook('preValidation', requireSession(db, { message: 'auth.loginToFollow' }));
  const userId = (request: { sessionUser?: { id: string } }) => request.sessionUser!.id;
  const GUARDED = ['RATE_LIMITED', 'LOGIN_REQUIRED'] as const;

  app.get(
    API.follows,
    {
      config: { errors: [...GUARDED] },
      schema: {
        ...operation({
          summary: 'What I follow',
          description:
            'The datasets, sources and counties the signed-in user follows by e-mail, newest first, each with its title and page.',
          example: {},
          access: 'sessionOrToken',
        }),
        response: { 200: z.array(FollowSchema) },
      },
    },
    async (request) => {
      const rows = await listFollows(db, userId(request));
      const described = await describeFollows(db, rows, request.language);
      return described.map((d, i) => ({ ...d, createdAt: iso(rows[i].created_at) }));
    },
  );

  app.post(
    API.follows,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Follow a dataset, a source or a county',
          description:
            'After each import that changes what the user follows, one e-mail lists the changes, in the language of this request. `target` is a dataset id, a source as `sector/source` or a county slug. Following again changes nothing. 404 when it does not exist.',
          example: { body: { kind: 'county', target: 'turkana' } },
          access: 'sessionOrToken',
        }),
        body: FollowTargetSchema,
        response: { 200: FollowSchema },
      },
    },
    async (request) => {
      await checkFollowTarget(db, request.body);
      const now = Date.now();
      await addFollow(db, { user_id: userId(request), ...request.body, language: request.language, created_at: now });
      const [described] = await describeFollows(db, [request.body], request.language);
      return { ...described, createdAt: iso(now) };
    },
  );

  app.delete(
    API.follows,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Stop following',
          description: 'Ends one follow, named by `kind` and `target`. 404 when the user does not follow it.',
          example: { query: { kind: 'county', target: 'turkana' } },
          access: 'sessionOrToken',
        }),
        querystring: FollowTargetSchema,
      },
    },
    async (request, reply) => {
      const { kind, target } = request.query;
      if (!(await removeFollow(db, userId(request), kind, target)))
        throw new AppError('NOT_FOUND', 'follow.notFollowing');
      return reply.status(204).send();
    },
  );
};

/** The one-click unsubscribe links of the mails (RFC 8058): no login, the token is the key. */
const unsubscribe: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('onRequest', limiter(app, 'unsubscribe-ip', AUTH_LIMITS.unsubscribe.perIp).hit);
  app.addHook('onRequest', noStore);
  // A mail program posts `List-Unsubscribe=One-Click` as a form; the body says nothing more, so it is not read.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, _payload, done) =>
    done(null, undefined),
  );
  const config = { errors: ['RATE_LIMITED', 'NOT_FOUND'] as const };

  app.get(
    API_ROUTES.unsubscribe,
    {
      config: { errors: [...config.errors] },
      schema: {
        ...operation({
          summary: 'An unsubscribe link',
          description:
            'What the one-click unsubscribe link of a mail ends, and whether each is still followed. 404 for a link that is not known.',
          example: { params: { token: 'y3BvQ0xxV2lIb0ZhZ3V0c1p3a2Z6b3A4d0xXb0xZa2c' } },
        }),
        params: UnsubscribeParamsSchema,
        response: { 200: UnsubscribeStateSchema },
      },
    },
    async (request) => unsubscribeState(db, request.params.token, request.t, request.language),
  );

  // The API's call, for the page's button, and the address the mails name, for mail programs.
  for (const path of [API_ROUTES.unsubscribe, API_ROUTES.unsubscribePage]) {
    app.post(
      path,
      {
        // Outside /api/v1 an error answers in the shape every address there uses, {error: text}.
        config: {
          errors: [...config.errors],
          ...(path === API_ROUTES.unsubscribePage && { errorShape: 'spec' as const }),
        },
        schema: {
          ...operation({
            summary: path === API_ROUTES.unsubscribe ? 'Use an unsubscribe link' : 'One-click unsubscribe (RFC 8058)',
            description:
              'Ends the follows the link names, without logging in; using it again changes nothing more. 404 for a link that is not known.',
            example: { params: { token: 'y3BvQ0xxV2lIb0ZhZ3V0c1p3a2Z6b3A4d0xXb0xZa2c' } },
          }),
          params: UnsubscribeParamsSchema,
          response: { 200: UnsubscribeStateSchema },
        },
      },
      async (request) => endFollowsOfLink(db, request.params.token, request.t, request.language),
    );
  }
};

export const followRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  await app.register(myFollows, { db });
  await app.register(unsubscribe, { db });
};
