import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Site } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import {
  ExportResponseSchema,
  NO_DATA_INFO,
  PREVIEW_ROW_LIMIT,
  PreviewResponseSchema,
  TimeseriesQuerySchema,
} from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { requireSession } from '../../plugins/session.ts';
import { timeseriesZip } from '../../services/timeseries-export.ts';
import { countMatches, pageOfObservations, resolveQuery, toSpecRow } from '../../services/timeseries-query.ts';

/** The spec's preview and export calls of the timeseries page. */
export const timeseriesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; site: Site }> = async (app, { db, site }) => {
  app.post(API.preview, { schema: { body: TimeseriesQuerySchema, response: { 200: PreviewResponseSchema } } }, async ({ body }) => {
    const resolved = await resolveQuery(db, body);
    const total = resolved ? await countMatches(db, resolved) : 0;
    if (!resolved || total === 0) return { info: NO_DATA_INFO };
    const rows = await pageOfObservations(db, resolved, PREVIEW_ROW_LIMIT);
    const units = Object.fromEntries([...resolved.variables.values()].map((v) => [v.name, v.unit]));
    return { data: rows.map(toSpecRow), total, units };
  });

  app.post(
    API.timeseriesExport,
    { preHandler: requireSession(db), schema: { body: TimeseriesQuerySchema, response: { 200: ExportResponseSchema } } },
    async ({ body }) => {
      const resolved = await resolveQuery(db, body);
      if (!resolved || (await countMatches(db, resolved)) === 0) return { info: NO_DATA_INFO };
      const zip = await timeseriesZip(db, site, body, resolved);
      return { file: zip.toString('base64') };
    },
  );
};
