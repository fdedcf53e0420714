import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AlertParamsSchema, AlertSchema, AlertSeriesSchema, NewAlertSchema } from '@portal/contract/alerts';
import { API, API_ROUTES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { deleteAlert, insertAlert, listAlerts } from '@portal/db/queries/alerts.queries';
import { AUTH_LIMITS, limiter } from '../../plugins/auth-limits.ts';
import { operation } from '../../plugins/api-docs.ts';
import { AppError } from '../../plugins/errors.ts';
import { requireSession } from '../../plugins/session.ts';
import { alertSeries, describeAlert, newAlert } from '../../services/alerts.ts';

/**
 * Alerts on a monthly county figure (ADR 0044): the signed-in user's alerts, with the session or a
 * personal API token. The import tells each crossing once, by e-mail.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('onRequest', limiter(app, 'alert-ip', AUTH_LIMITS.account.perIp).hit);
  app.addHook('preValidation', requireSession(db, { message: 'auth.loginForAlerts' }));
  const userId = (request: { sessionUser?: { id: string } }) => request.sessionUser!.id;
  const GUARDED = ['RATE_LIMITED', 'LOGIN_REQUIRED'] as const;

  app.get(
    API.alertSeries,
    {
      config: { errors: [...GUARDED] },
      schema: {
        ...operation({
          summary: 'Figures an alert can watch',
          description:
            'Every figure with monthly values for counties, with its unit and the counties (slug and name) it has values for.',
          example: {},
          access: 'sessionOrToken',
        }),
        response: { 200: z.array(AlertSeriesSchema) },
      },
    },
    async () => alertSeries(db),
  );

  app.get(
    API.alerts,
    {
      config: { errors: [...GUARDED] },
      schema: {
        ...operation({
          summary: 'My alerts',
          description:
            "The signed-in user's alerts on monthly county figures, newest first, each with its last state (the latest month with a value, the value and whether it is past the threshold) and its series' page.",
          example: {},
          access: 'sessionOrToken',
        }),
        response: { 200: z.array(AlertSchema) },
      },
    },
    async (request) => Promise.all((await listAlerts(db, userId(request))).map((a) => describeAlert(db, a))),
  );

  app.post(
    API.alerts,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Set an alert on a monthly county figure',
          description:
            "After an import brings the figure's latest month past the threshold (below or above it, in the figure's unit) while the month before was not, one e-mail tells the value, the month, the threshold and the series' page, in the language of this request; once per crossing. `variable` is the figure's name, `county` the county's slug. 404 for an unknown figure or county; 400 for a figure without monthly values or without values for the county.",
          example: {
            body: {
              variable: 'Rainfall, 3-month rolling, anomaly',
              county: 'turkana',
              comparison: 'below',
              threshold: 70,
            },
          },
          access: 'sessionOrToken',
        }),
        body: NewAlertSchema,
        response: { 200: AlertSchema },
      },
    },
    async (request) => {
      const { alert, unit } = await newAlert(db, {
        ...request.body,
        id: randomUUID(),
        userId: userId(request),
        language: request.language,
        now: Date.now(),
      });
      await insertAlert(db, alert);
      return describeAlert(db, { ...alert, unit });
    },
  );

  app.delete(
    API_ROUTES.alert,
    {
      config: { errors: [...GUARDED, 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'End an alert',
          description: "Ends one of the user's alerts, by its id. 404 when the user has no such alert.",
          example: { params: { id: '0b8e6f3a-2c1d-4e5f-9a7b-1c2d3e4f5a6b' } },
          access: 'sessionOrToken',
        }),
        params: AlertParamsSchema,
      },
    },
    async (request, reply) => {
      if (!(await deleteAlert(db, userId(request), request.params.id)))
        throw new AppError('NOT_FOUND', 'alert.notFound');
      return reply.status(204).send();
    },
  );
};
