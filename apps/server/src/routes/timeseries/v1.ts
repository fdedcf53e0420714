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
import type { Translate } from '@portal/contract/messages';
import type { Database } from '@portal/db/database';
import { findSource } from '@portal/db/queries/catalog.queries';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { listDatasets, listLocations, listVariables, type NamedQuery } from '@portal/db/queries/timeseries.queries';
import { AppError, notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import { csvStream, observationsPage, resolveNames, tooLarge } from '../../services/timeseries-query.ts';
import { type NameScope, refuseUnknownNames } from '../../services/unknown-names.ts';
import { describeExport, refuseLateEnd } from './index.ts';
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

  /** The query's names looked up in the source; a variable it lacks or a place nobody knows answers 400. */
  const resolveInSource = async (t: Translate, input: Omit<NamedQuery, 'source'>, source: string) => {
    const { resolved, unknown } = await resolveNames(db, { ...input, source });
    await refuseUnknownNames(t, sourceScope(source), unknown);
    return resolved;
  };
  const sourceScope = (source: string): NameScope => ({
    kind: 'source',
    id: source,
    names: async () => {
      const [variables, locations] = await Promise.all([listVariables(db, source), listLocations(db, source)]);
      return { variables: variables.map((v) => v.name), locations: locations.map((l) => l.name) };
    },
  });

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
            "A page of observations for variables and locations between two dates, with each value's dataset. Dates may not be later than today, or for a source whose data run into the future (model inputs, projections) than the last day they cover (400 VALIDATION_FAILED). A variable the source does not have, or a place the portal does not know, answers 400 with the closest names the source has; a place it knows without values here gives no rows. Rate limited per client (RATE_LIMIT_PER_MINUTE, 600 a minute by default). 400 QUERY_TOO_LARGE when the variables, locations and dates could match more values than one query may ask for (QUERY_MAX_CELLS, 500,000 by default): ask in parts, or use the CSV.",
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
    async ({ params, query, t }) =>
      gate(async () => {
        const input = { ...toQueryInput(query), source: await sourceId(params) };
        await refuseLateEnd(db, input);
        const resolved = await resolveInSource(t, input, input.source);
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
          description:
            'Every matching row as CSV, streamed, for the filters of the JSON observations (and their 400 for an unknown name or a date too late). Needs a session or a personal API token.',
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
    async ({ params, query, sessionUser, t }, reply) => {
      const input = { ...toQueryInput(query), source: await sourceId(params) };
      await refuseLateEnd(db, input);
      const resolved = await resolveInSource(t, input, input.source);
      await recordExport(db, sessionUser!.id, describeExport('CSV', input));
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${params.sector}-${params.source}-timeseries.csv"`);
      return reply.send(csvStream(db, resolved, gate));
    },
  );
};

const toQueryInput = (query: { start: string; end: string; variable: string[]; location: string[] }) => ({
  start: query.start,
  end: query.end,
  variables: query.variable,
  locations: query.location,
});
