import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  DatasetDetailSchema,
  DatasetObservationsCsvQuerySchema,
  DatasetObservationsPageSchema,
  DatasetObservationsQuerySchema,
  DatasetParamsSchema,
  DatasetSummarySchema,
  datasetVersion,
} from '@portal/contract/datasets';
import { API, API_ROUTES } from '@portal/contract/paths';
import type { Translate } from '@portal/contract/messages';
import type { Database } from '@portal/db/database';
import {
  datasetLocations,
  datasetSources,
  datasetValueCounts,
  datasetVariables,
  datasetVersions,
  findDataset,
  listAllDatasets,
} from '@portal/db/queries/datasets.queries';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { operation } from '../../plugins/api-docs.ts';
import { notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import { datasetPage, pageStart } from '../../services/dataset-pages.ts';
import {
  csvStream,
  type DatasetFilters,
  resolveDataset,
  resolveDatasetQuery,
} from '../../services/timeseries-query.ts';
import { type NameScope, refuseUnknownNames } from '../../services/unknown-names.ts';
import { toProvenance } from '../timeseries/to-dto.ts';
import { toDetail, toSummary } from './to-dto.ts';
import { titlesIn } from '../../services/catalog-titles.ts';

/** A dataset's variable and place names, for the closest to a name it does not have. */
const datasetScope = (db: Kysely<Database>, id: string): NameScope => ({
  kind: 'dataset',
  id,
  names: async () => {
    const [variables, locations] = await Promise.all([datasetVariables(db, id), datasetLocations(db, id)]);
    return { variables: variables.map((v) => v.name), locations: locations.map((l) => l.name) };
  },
});

const EXAMPLE = { params: { id: 'wfp-chirps-county-rainfall' } };

/** The datasets (one imported file each): their provenance, coverage, versions and values (ADR 0017). */
export const datasetRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; gate: ReadGate }> = async (
  app,
  { db, gate },
) => {
  const datasetOf = async (id: string) => {
    const row = await findDataset(db, id);
    if (!row) throw notFound('error.datasetNotFound', { id });
    return row;
  };

  /**
   * The query the filters make of a dataset (null when they can match nothing), or undefined
   * without filters; a variable the dataset lacks or a place nobody knows answers 400.
   */
  const filtered = async (t: Translate, id: string, { variable, location, start, end }: DatasetFilters) => {
    const filters = { variable, location, start, end };
    if (Object.values(filters).every((value) => value === undefined)) return undefined;
    const { resolved, unknown } = await resolveDatasetQuery(db, id, filters);
    await refuseUnknownNames(t, datasetScope(db, id), unknown);
    return resolved ?? null;
  };

  app.get(
    API.datasets,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'List datasets',
          description:
            'Every loaded dataset: publisher, licence (and whether it is still to verify), the version and time of its load, the first and last day its data covers, and how many values and variables it holds.',
          example: {},
        }),
        response: { 200: z.array(DatasetSummarySchema) },
      },
    },
    async () => {
      const [rows, variables] = await Promise.all([listAllDatasets(db), datasetVariables(db)]);
      return rows.map((row) =>
        toSummary(
          row,
          variables.filter((v) => v.dataset_id === row.id),
        ),
      );
    },
  );

  app.get(
    API_ROUTES.dataset,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'A dataset',
          description:
            'Its provenance, version and checksum; its coverage (variables with their values, places by kind, values per year); the sources that list it; and every load, newest first, with the values each added, removed and changed. Map layers do not name the datasets they come from, so none are listed. 404 for an unknown id.',
          example: EXAMPLE,
        }),
        params: DatasetParamsSchema,
        response: { 200: DatasetDetailSchema },
      },
    },
    async ({ params, language }) => {
      const row = await datasetOf(params.id);
      const [variables, locations, counts, sources, versions, titles] = await Promise.all([
        datasetVariables(db, row.id),
        datasetLocations(db, row.id),
        datasetValueCounts(db, row.id),
        datasetSources(db, row.id),
        datasetVersions(db, row.id),
        titlesIn(db, language),
      ]);
      return toDetail({ row, variables, locations, counts, sources, versions }, titles);
    },
  );

  app.get(
    API_ROUTES.datasetObservations,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Observations of a dataset',
          description:
            "A page of its values, by date, then variable and place, with the total and `next`, the cursor of the page after it (null on the last). Narrow it with the filters of a source's observations, each optional: `variable` and `location` (repeat them for several), `start` and `end` (YYYY-MM-DD). A variable the dataset does not have, or a place the portal does not know, answers 400 with the closest names it has. Pass `next` back as `cursor`, with the same filters, to walk the dataset; a cursor given before the dataset was loaded again answers 400. Rate limited per client (RATE_LIMIT_PER_MINUTE, 600 a minute by default).",
          example: {
            ...EXAMPLE,
            query: {
              variable: ['Rainfall, 1-month rolling'],
              location: ['Turkana'],
              start: '2020-01-01',
              pageSize: 100,
            },
          },
        }),
        params: DatasetParamsSchema,
        querystring: DatasetObservationsQuerySchema,
        response: { 200: DatasetObservationsPageSchema },
      },
    },
    async ({ params, query, t }) => {
      const row = await datasetOf(params.id);
      const filter = await filtered(t, row.id, query);
      const page = await gate(() => datasetPage(db, row, pageStart(row, query), query.pageSize, filter));
      return { ...page, datasets: page.data.length ? [toProvenance(row)] : [] };
    },
  );

  // Bulk CSV follows the export rule: a session or a personal API token, and a line in the user's export history.
  app.get(
    API_ROUTES.datasetObservationsCsv,
    {
      config: { ...READ_LIMIT, errors: ['NOT_FOUND', 'LOGIN_REQUIRED'] },
      preHandler: requireSession(db),
      schema: {
        ...operation({
          summary: 'Observations of a dataset as CSV',
          description:
            'All of its values, or those the filters of its JSON observations match, as CSV, streamed, in a file named after the dataset and its version. Needs a session or a personal API token.',
          example: EXAMPLE,
          access: 'sessionOrToken',
        }),
        params: DatasetParamsSchema,
        querystring: DatasetObservationsCsvQuerySchema,
      },
    },
    async ({ params, query, sessionUser, t }, reply) => {
      const row = await datasetOf(params.id);
      const version = datasetVersion(row.checksum);
      const filter = await filtered(t, row.id, query);
      const resolved = filter === undefined ? await resolveDataset(db, row.id) : (filter ?? undefined);
      await recordExport(db, sessionUser!.id, `CSV dataset ${row.id}, version ${version}`);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${row.id}-${version}.csv"`);
      return reply.send(csvStream(db, resolved, gate));
    },
  );
};
