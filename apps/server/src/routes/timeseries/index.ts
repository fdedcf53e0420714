import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Site } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import {
  ExportResponseSchema,
  PREVIEW_ROW_LIMIT,
  PreviewResponseSchema,
  TimeseriesQuerySchema,
  type TimeseriesRow,
} from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { requireSession } from '../../plugins/session.ts';
import { timeseriesZip } from '../../services/timeseries-export.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import { anyMatch, endRefusal, previewOf, resolveQuery, tooLarge } from '../../services/timeseries-query.ts';
import { AppError } from '../../plugins/errors.ts';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';

/** A line of the user's export history, e.g. 'Timeseries energy/access, 2019-01-01 to 2019-12-31: 2 variables, 3 locations'. */
export const describeExport = (
  kind: string,
  q: { source?: string; start: string; end: string; variables: string[]; locations: string[] },
) =>
  `${kind}${q.source ? ` ${q.source}` : ''}, ${q.start} to ${q.end}: ${q.variables.length} variable(s), ${q.locations.length} location(s)`;

/**
 * The spec's preview and export calls of the timeseries page. A query that could match more than
 * `maxCells` values is answered with `info` saying so, as the page shows `info` and nothing else.
 */
export const timeseriesRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  site: Site;
  maxCells: number;
  gate: ReadGate;
}> = async (app, { db, site, maxCells, gate }) => {
  app.post(
    API.preview,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'Preview a timeseries',
          description:
            'The first rows of the chosen variables and locations between two dates, with the total and the units; `info` when nothing matches or when the query could match more values than one query may ask for (QUERY_MAX_CELLS).',
          example: {
            body: { start: '2019-01-01', end: '2019-12-31', variables: ['Farming households'], locations: ['Nakuru'] },
          },
        }),
        body: TimeseriesQuerySchema,
        response: { 200: PreviewResponseSchema },
      },
    },
    async ({ body, t }) => {
      await refuseLateEnd(db, body);
      const resolved = await resolveQuery(db, body);
      const refusal = resolved && tooLarge(resolved, maxCells);
      if (refusal) return { info: t(refusal.key, refusal.values) };
      const { total, rows } = resolved
        ? await previewOf(db, resolved, PREVIEW_ROW_LIMIT, gate)
        : { total: 0, rows: [] };
      if (!resolved || total === 0) return { info: t('timeseries.noData') };
      return {
        data: rows.map((o): TimeseriesRow => [o.timestamp, o.variable, o.value, o.location]),
        total,
        units: Object.fromEntries([...resolved.variables.values()].map((v) => [v.name, v.unit])),
      };
    },
  );

  app.post(
    API.timeseriesExport,
    {
      preHandler: requireSession(db),
      config: { rateLimit: READ_LIMIT.rateLimit, errors: ['LOGIN_REQUIRED'] },
      schema: {
        ...operation({
          summary: 'Export a timeseries',
          description:
            'A base64 zip of every matching row as CSV with a README of provenance, licence and citation. 401 without a session or API token.',
          example: {
            body: { start: '2019-01-01', end: '2019-12-31', variables: ['Farming households'], locations: ['Nakuru'] },
          },
          access: 'sessionOrToken',
        }),
        body: TimeseriesQuerySchema,
        response: { 200: ExportResponseSchema },
      },
    },
    // The zip's rows are read batch by batch through the gate (observationsCsv), not in one hold of it.
    async ({ body, sessionUser, t }) => {
      await refuseLateEnd(db, body);
      const resolved = await resolveQuery(db, body);
      const refusal = resolved && tooLarge(resolved, maxCells);
      if (refusal) return { info: t(refusal.key, refusal.values) };
      if (!resolved || !(await gate(() => anyMatch(db, resolved)))) return { info: t('timeseries.noData') };
      const zip = await timeseriesZip(db, t, site, body, resolved, gate);
      await recordExport(db, sessionUser!.id, describeExport('Timeseries', body));
      return { file: zip.toString('base64') };
    },
  );
};

/** Refuses (400) a query ending later than its source's data allow (endRefusal), as the page does before asking. */
export async function refuseLateEnd(db: Kysely<Database>, query: Parameters<typeof endRefusal>[1]): Promise<void> {
  const refusal = await endRefusal(db, query);
  if (refusal) throw new AppError('VALIDATION_FAILED', refusal.key, refusal.values);
}
