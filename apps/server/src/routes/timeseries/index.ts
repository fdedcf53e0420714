import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Site } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import {
  ExportResponseSchema,
  NO_DATA_INFO,
  PREVIEW_ROW_LIMIT,
  type PreviewResponse,
  PreviewResponseSchema,
  TimeseriesQuerySchema,
} from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { previewByNames } from '@portal/db/queries/timeseries.queries';
import { requireSession } from '../../plugins/session.ts';
import { timeseriesZip } from '../../services/timeseries-export.ts';
import { countMatches, resolveQuery } from '../../services/timeseries-query.ts';

/** A line of the user's export history, e.g. 'Timeseries energy/access, 2019-01-01 to 2019-12-31: 2 variables, 3 locations'. */
export const describeExport = (kind: string, q: { source?: string; start: string; end: string; variables: string[]; locations: string[] }) =>
  `${kind}${q.source ? ` ${q.source}` : ''}, ${q.start} to ${q.end}: ${q.variables.length} variable(s), ${q.locations.length} location(s)`;

/** The spec's preview and export calls of the timeseries page. */
export const timeseriesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; site: Site }> = async (app, { db, site }) => {
  app.post(API.preview, { schema: { body: TimeseriesQuerySchema, response: { 200: PreviewResponseSchema } } }, async ({ body }, reply) => {
    const preview = await previewByNames(db, body, PREVIEW_ROW_LIMIT);
    if (preview.total === 0) return { info: NO_DATA_INFO };
    // The rows and units arrive as JSON text from the database, so the answer is assembled around
    // them rather than parsed and serialised again; the schema above documents its shape.
    const text = `{"data":${preview.rows},"total":${preview.total},"units":${preview.units}}`;
    return reply.type('application/json; charset=utf-8').send(text as unknown as PreviewResponse);
  });

  app.post(
    API.timeseriesExport,
    {
      preHandler: requireSession(db),
      config: { errors: ['LOGIN_REQUIRED'] },
      schema: { body: TimeseriesQuerySchema, response: { 200: ExportResponseSchema } },
    },
    async ({ body, sessionUser }) => {
      const resolved = await resolveQuery(db, body);
      if (!resolved || (await countMatches(db, resolved)) === 0) return { info: NO_DATA_INFO };
      const zip = await timeseriesZip(db, site, body, resolved);
      await recordExport(db, sessionUser!.id, describeExport('Timeseries', body));
      return { file: zip.toString('base64') };
    },
  );
};
