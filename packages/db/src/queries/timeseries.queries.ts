import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { Period } from '../tables/timeseries.table.ts';

type Db = Kysely<Database>;

/** The variables of a source with the first and last date they have data for. */
export function listVariables(db: Db, sourceId: string) {
  return db
    .selectFrom('variables as v')
    .leftJoin('observations as o', 'o.variable_id', 'v.id')
    .select(['v.id', 'v.name', 'v.unit', 'v.period'])
    .select((eb) => [eb.fn.min('o.ts').as('first'), eb.fn.max('o.ts').as('last')])
    .where('v.source_id', '=', sourceId)
    .groupBy(['v.id', 'v.name', 'v.unit', 'v.period'])
    .orderBy('v.name')
    .execute();
}

/** The locations that have at least one observation of the source's variables. */
export function listLocations(db: Db, sourceId: string) {
  return db
    .selectFrom('locations as l')
    .selectAll('l')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('observations as o')
          .innerJoin('variables as v', 'v.id', 'o.variable_id')
          .select('o.ts')
          .where('v.source_id', '=', sourceId)
          .whereRef('o.location_id', '=', 'l.id'),
      ),
    )
    .orderBy('l.name')
    .execute();
}

/** Variables by name, limited to one source when given (names are unique only within a source). */
export function findVariables(db: Db, names: string[], sourceId?: string) {
  let query = db
    .selectFrom('variables as v')
    .select(['v.id', 'v.name', 'v.unit', 'v.period', 'v.dataset_id', 'v.source_id'])
    .where('v.name', 'in', names);
  if (sourceId) query = query.where('v.source_id', '=', sourceId);
  return query.execute();
}

export function findLocations(db: Db, names: string[]) {
  return db.selectFrom('locations').select(['id', 'name']).where('name', 'in', names).execute();
}

/** What to read: resolved variables and locations and an inclusive date range. */
export interface ObservationFilter {
  variables: { id: number; period: Period }[];
  locationIds: number[];
  start: string;
  end: string;
}

const PERIOD_START: Record<Period, (date: string) => string> = {
  year: (date) => `${date.slice(0, 4)}-01-01`,
  month: (date) => `${date.slice(0, 7)}-01`,
  day: (date) => date,
};

/**
 * The filter as a WHERE clause. Values are dated at the start of their period, so a range that
 * begins inside a year or month still includes that year's or month's value.
 */
function matches(filter: ObservationFilter) {
  const byPeriod = new Map<Period, number[]>();
  for (const v of filter.variables) byPeriod.set(v.period, [...(byPeriod.get(v.period) ?? []), v.id]);
  return (eb: ExpressionBuilder<Database & { o: Database['observations'] }, 'o'>) =>
    eb.and([
      eb('o.location_id', 'in', filter.locationIds),
      eb('o.ts', '<=', filter.end),
      eb.or(
        [...byPeriod].map(([period, ids]) =>
          eb.and([eb('o.variable_id', 'in', ids), eb('o.ts', '>=', PERIOD_START[period](filter.start))]),
        ),
      ),
    ]);
}

export async function countObservations(db: Db, filter: ObservationFilter): Promise<number> {
  const row = await db
    .selectFrom('observations as o')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Up to `limit` observations ordered by time, then variable and location name, for a preview. */
export function selectObservations(db: Db, filter: ObservationFilter, limit: number, offset = 0) {
  return db
    .selectFrom('observations as o')
    .innerJoin('variables as v', 'v.id', 'o.variable_id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .select(['o.variable_id', 'o.location_id', 'o.ts', 'o.value'])
    .where(matches(filter))
    .orderBy('o.ts')
    .orderBy('v.name')
    .orderBy('l.name')
    .limit(limit)
    .offset(offset)
    .execute();
}

type ObservationKey = { variable_id: number; location_id: number; ts: string };

/**
 * Every matching observation in primary-key order, read in pages of `pageSize` rows by key (not by
 * offset), so memory stays flat and each page is an index range scan on both dialects.
 */
export async function* iterateObservations(db: Db, filter: ObservationFilter, pageSize = 10_000) {
  let after: ObservationKey | undefined;
  for (;;) {
    let query = db
      .selectFrom('observations as o')
      .select(['o.variable_id', 'o.location_id', 'o.ts', 'o.value'])
      .where(matches(filter))
      .orderBy('o.variable_id')
      .orderBy('o.location_id')
      .orderBy('o.ts')
      .limit(pageSize);
    if (after) {
      const key = after;
      query = query.where((eb) =>
        eb(eb.refTuple('o.variable_id', 'o.location_id', 'o.ts'), '>', eb.tuple(key.variable_id, key.location_id, key.ts)),
      );
    }
    const page = await query.execute();
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/** Provenance of the datasets behind some variables, for export READMEs and citations. */
export function listDatasets(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('datasets').selectAll().where('id', 'in', ids).orderBy('id').execute();
}
