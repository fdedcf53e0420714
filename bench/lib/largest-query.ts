// The largest preview the timeseries page builds that the cost limit lets through, shared by the
// load and fair-share measurements.
import type { Kysely } from 'kysely';
import { latestQueryDate } from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { coverage } from '@portal/db/periods';
import { listLocations, listVariables } from '@portal/db/queries/timeseries.queries';
import {
  DEFAULT_QUERY_MAX_CELLS,
  estimateCells,
  resolveQuery,
} from '../../apps/server/src/services/timeseries-query.ts';

/** The page's largest source: the energy models, whose inputs run to 2050. */
export const LARGEST_SOURCE = 'energy/models';

/**
 * Every variable and location of LARGEST_SOURCE from its first date to the latest a query may name
 * (latestQueryDate: past today, the models' last year), ended a year earlier at a time while the
 * whole span asks for more cells than `maxCells`, so the page's largest allowed preview is measured.
 */
export async function largestAllowedQuery(db: Kysely<Database>, maxCells = DEFAULT_QUERY_MAX_CELLS) {
  const variables = await listVariables(db, LARGEST_SOURCE);
  const query = {
    start: '1900-01-01',
    end: latestQueryDate(variables.map((v) => coverage(v.period, v.first_ts, v.last_ts).last)),
    variables: variables.map((v) => v.name),
    locations: (await listLocations(db, LARGEST_SOURCE)).map((l) => l.name),
    source: LARGEST_SOURCE,
  };
  while (estimateCells((await resolveQuery(db, query))!).cells > maxCells)
    query.end = `${Number(query.end.slice(0, 4)) - 1}-12-31`;
  return query;
}
