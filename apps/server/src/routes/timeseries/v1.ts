import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SourceParamsSchema } from '@portal/contract/catalog';
import { API_ROUTES } from '@portal/contract/paths';
import {
  LocationSchema,
  ObservationsCsvQuerySchema,
  ObservationsPageSchema,
  ObservationsQuerySchema,
  VariableSchema,
} from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { findSource } from '@portal/db/queries/catalog.queries';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { listDatasets, listLocations, listVariables } from '@portal/db/queries/timeseries.queries';
import { AppError, notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import {
  CSV_HEADER,
  observationsCsv,
  observationsPage,
  resolveQuery,
  tooLarge,
} from '../../services/timeseries-query.ts';
import { describeExport } from './index.ts';
import { toProvenance, toVariable } from './to-dto.ts';
import { operation } from '../../plugins/api-docs.ts';

/**
 * The open API for a source's timeseries: its variables, locations and observations (JSON or CSV).
 * A page of observations counts every match first, so a query that could match more than
 * `maxCells` values is refused (400); the CSV reads in short pages and is not limited.
 */
export const timeseriesV1Routes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  maxCells: number;
  gate: ReadGate;
}> = async (app, { db, maxCells, gate }) => {
  const sourceId = async (params: { sector: string; source: string }) => {
    const source = await findSource(db, params.sector, params.source);
    if (!source) throw notFound('error.sourceNotFound', { source: `${params.sector}/${params.source}` });
    return source.id;
  };

  app.get(
    API_ROUTES.variables,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Variables of a source',
          description: 'Each variable with its unit, period and the first and last dates it covers.',
          example: { params: { sector: 'agriculture', source: 'production' } },
        }),
        params: SourceParamsSchema,
        response: { 200: z.array(VariableSchema) },
      },
    },
    async ({ params }) => (await listVariables(db, await sourceId(params))).map(toVariable),
  );

  app.get(
    API_ROUTES.locations,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Locations of a source',
          description: 'Each place the source has values for: its name, kind and county code.',
          example: { params: { sector: 'agriculture', source: 'production' } },
        }),
        params: SourceParamsSchema,
        response: { 200: z.array(LocationSchema) },
      },
    },
    async ({ params }) =>
      (await listLocations(db, await sourceId(params))).map((l) => ({
        name: l.name,
        kind: l.kind,
        countyCode: l.county_code,
      })),
  );

  app.get(
    API_ROUTES.observations,
    {
      config: { ...READ_LIMIT, errors: ['NOT_FOUND', 'QUERY_TOO_LARGE'] },
      schema: {
        ...operation({
          summary: 'Observations',
          description:
            "A page of observations for variables and locations between two dates, any dates (projections included), with each value's dataset. Rate limited per client (RATE_LIMIT_PER_MINUTE, 600 a minute by default). 400 QUERY_TOO_LARGE when the variables, locations and dates could match more values than one query may ask for (QUERY_MAX_CELLS, 500,000 by default): ask in parts, or use the CSV.",
          example: {
            params: { sector: 'agriculture', source: 'production' },
            query: {
              ...{ start: '2019-01-01', end: '2019-12-31', variable: ['Farming households'], location: ['Nakuru'] },
              pageSize: 100,
            },
          },
        }),
        params: SourceParamsSchema,
        querystring: ObservationsQuerySchema,
        response: { 200: ObservationsPageSchema },
      },
    },
    async ({ params, query }) =>
      gate(async () => {
        const resolved = await resolveQuery(db, { ...toQueryInput(query), source: await sourceId(params) });
        const refusal = resolved && tooLarge(resolved, maxCells);
        if (refusal) throw new AppError('QUERY_TOO_LARGE', refusal.key, refusal.values);
        const page = await observationsPage(db, resolved, query.page, query.pageSize);
        const datasets = await listDatasets(db, [...new Set(page.data.map((o) => o.dataset))]);
        return { ...page, datasets: datasets.map(toProvenance) };
      }),
  );

  // Bulk CSV follows the export rule: it needs a session (or a personal API token). It streams, so
  // a million rows cost the server a page of rows in memory, not the whole file.
  app.get(
    API_ROUTES.observationsCsv,
    {
      config: { ...READ_LIMIT, errors: ['NOT_FOUND', 'LOGIN_REQUIRED'] },
      preHandler: requireSession(db),
      schema: {
        ...operation({
          summary: 'Observations as CSV',
          description: 'Every matching row as CSV, streamed. Needs a session or a personal API token.',
          example: {
            params: { sector: 'agriculture', source: 'production' },
            query: { start: '2019-01-01', end: '2019-12-31', variable: ['Farming households'], location: ['Nakuru'] },
          },
          access: 'sessionOrToken',
        }),
        params: SourceParamsSchema,
        querystring: ObservationsCsvQuerySchema,
      },
    },
    async ({ params, query, sessionUser }, reply) => {
      const input = { ...toQueryInput(query), source: await sourceId(params) };
      const resolved = await resolveQuery(db, input);
      await recordExport(db, sessionUser!.id, describeExport('CSV', input));
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${params.sector}-${params.source}-timeseries.csv"`);
      return reply.send(Readable.from(resolved ? observationsCsv(db, resolved) : [CSV_HEADER]));
    },
  );
};

const toQueryInput = (query: { start: string; end: string; variable: string[]; location: string[] }) => ({
  start: query.start,
  end: query.end,
  variables: query.variable,
  locations: query.location,
});
