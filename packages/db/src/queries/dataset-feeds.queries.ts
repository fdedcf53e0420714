import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/** Whose loads a feed lists: every dataset's, one dataset's, a source's datasets' or a place's datasets'. */
export type LoadScope = { dataset: string } | { source: string } | { location: number } | null;

/**
 * The newest `limit` loads of the datasets in scope, newest first, each with its dataset's title.
 * A source's datasets are those with a variable it lists; a place's, those holding a value there now.
 */
export function datasetLoads(db: Db, scope: LoadScope, limit: number) {
  let query = db
    .selectFrom('dataset_versions as dv')
    .innerJoin('datasets as d', 'd.id', 'dv.dataset_id')
    .selectAll('dv')
    .select('d.title')
    .orderBy('dv.loaded_at', 'desc')
    .orderBy('dv.dataset_id')
    .orderBy('dv.number', 'desc')
    .limit(limit);
  if (scope && 'dataset' in scope) query = query.where('dv.dataset_id', '=', scope.dataset);
  if (scope && 'source' in scope)
    query = query.where('dv.dataset_id', 'in', (eb) =>
      eb
        .selectFrom('variable_sources as vs')
        .innerJoin('variables as v', 'v.id', 'vs.variable_id')
        .select('v.dataset_id')
        .where('vs.source_id', '=', scope.source),
    );
  if (scope && 'location' in scope)
    query = query.where('dv.dataset_id', 'in', (eb) =>
      eb
        .selectFrom('variables as v')
        .select('v.dataset_id')
        // One key lookup per variable (observations are keyed by variable, place and date), not a scan of every value.
        .where((where) =>
          where.exists(
            where
              .selectFrom('observations as o')
              .select('o.ts')
              .whereRef('o.variable_id', '=', 'v.id')
              .where('o.location_id', '=', scope.location),
          ),
        ),
    );
  return query.execute();
}

/** When any dataset was last loaded (ms since the epoch), or null before the first load. */
export async function latestLoad(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('dataset_versions')
    .select((eb) => eb.fn.max('loaded_at').as('latest'))
    .executeTakeFirstOrThrow();
  return row.latest === null ? null : Number(row.latest);
}
