import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { PERIODS } from '../periods.ts';
import type { Period } from '../tables/timeseries.table.ts';

type Db = Kysely<Database>;

/** The variables a source lists, with their provenance (the dataset each comes from). */
export function listVariables(db: Db, sourceId: string) {
  return db
    .selectFrom('variables as v')
    .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
    .innerJoin('datasets as d', 'd.id', 'v.dataset_id')
    .select([
      'v.id',
      'v.name',
      'v.unit',
      'v.period',
      'v.definition',
      'v.code',
      'v.derivation',
      'v.first_ts',
      'v.last_ts',
    ])
    .select([
      'd.id as dataset_id',
      'd.title as dataset_title',
      'd.publisher',
      'd.licence',
      'd.citation',
      'd.source_url',
      'd.retrieved',
      'd.notes',
      'd.checksum',
      'd.loaded_at',
    ])
    .where('vs.source_id', '=', sourceId)
    .orderBy('v.name')
    .execute();
}

/** The locations that have at least one observation of the source's variables. */
export function listLocations(db: Db, sourceId: string) {
  return db
    .selectFrom('locations as l')
    .selectAll('l')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('observations as o')
          .innerJoin('variable_sources as vs', 'vs.variable_id', 'o.variable_id')
          .select('o.ts')
          .where('vs.source_id', '=', sourceId)
          .whereRef('o.location_id', '=', 'l.id'),
      ),
    )
    .orderBy('l.name')
    .execute();
}

/** The period and last stored date of every variable of a source, for how recent its data is. */
export function variableCoverage(db: Db, sourceId: string) {
  return db
    .selectFrom('variables as v')
    .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
    .select(['v.period', 'v.first_ts', 'v.last_ts'])
    .where('vs.source_id', '=', sourceId)
    .execute();
}

/**
 * The latest stored date of each period among the variables of `source`, or without one of every
 * source listing one of `variables` (the spec's preview body names none): how far its data reach.
 */
export function latestDates(db: Db, scope: { source?: string; variables: string[] }) {
  const sources = scope.source
    ? [scope.source]
    : db
        .selectFrom('variable_sources as named')
        .innerJoin('variables as nv', 'nv.id', 'named.variable_id')
        .select('named.source_id')
        .where('nv.name', 'in', scope.variables);
  return db
    .selectFrom('variables as v')
    .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
    .select((eb) => ['v.period', eb.fn.max<string | null>('v.last_ts').as('last_ts')])
    .where('vs.source_id', 'in', sources)
    .groupBy('v.period')
    .execute();
}

/** Variables by name (unique across sources), only those a source lists when it is given. */
export function findVariables(db: Db, names: string[], sourceId?: string) {
  let query = db
    .selectFrom('variables as v')
    .select(['v.id', 'v.name', 'v.unit', 'v.period', 'v.dataset_id', 'v.derivation', 'v.first_ts', 'v.last_ts'])
    .where('v.name', 'in', names);
  if (sourceId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('variable_sources as vs')
          .select('vs.variable_id')
          .whereRef('vs.variable_id', '=', 'v.id')
          .where('vs.source_id', '=', sourceId),
      ),
    );
  }
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

function idsByPeriod(filter: ObservationFilter): [Period, number[]][] {
  const groups = new Map<Period, number[]>();
  for (const v of filter.variables) groups.set(v.period, [...(groups.get(v.period) ?? []), v.id]);
  return [...groups];
}

/** The filter as a WHERE clause on observations `o`: each period's values that reach into the range (PERIODS). */
export function matches(filter: ObservationFilter) {
  return (eb: ExpressionBuilder<Database & { o: Database['observations'] }, 'o'>) =>
    eb.and([
      eb('o.location_id', 'in', filter.locationIds),
      eb.or(
        idsByPeriod(filter).map(([period, ids]) =>
          eb.and([
            eb('o.variable_id', 'in', ids),
            eb('o.ts', '>=', PERIODS[period].from(filter.start)),
            eb('o.ts', '<=', PERIODS[period].to(filter.end)),
          ]),
        ),
      ),
    ]);
}

/** An observation's timestamp as shown, at its variable's period: 2019, 2019-03, 2019-03-14 or Jan 1991-2020. */
function shownTimestamp(filter: ObservationFilter) {
  const ts = sql.ref('o.ts');
  const reformatted = idsByPeriod(filter)
    .filter(([period]) => period !== 'day')
    .map(
      ([period, ids]) =>
        sql`when ${sql.ref('o.variable_id')} in (${sql.join(ids)}) then ${PERIODS[period].shownSql(ts)}`,
    );
  return reformatted.length ? sql<string>`case ${sql.join(reformatted, sql` `)} else ${ts} end` : sql<string>`${ts}`;
}

export async function countObservations(db: Db, filter: ObservationFilter): Promise<number> {
  const row = await db
    .selectFrom('observations as o')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Matching observations by time, then variable and location name (the order a person reads them in), named. */
function inReadingOrder(db: Db, filter: ObservationFilter) {
  return db
    .selectFrom('observations as o')
    .innerJoin('variables as v', 'v.id', 'o.variable_id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .where(matches(filter))
    .select([
      shownTimestamp(filter).as('timestamp'),
      'v.name as variable',
      'v.unit',
      'o.value',
      'l.name as location',
      'v.dataset_id as dataset',
    ])
    .orderBy('o.ts')
    .orderBy('v.name')
    .orderBy('l.name');
}

/**
 * Up to `limit` matching observations, by time, then variable and location name, named and with
 * their timestamps as shown.
 */
export function selectObservations(db: Db, filter: ObservationFilter, limit: number, offset = 0) {
  return inReadingOrder(db, filter).limit(limit).offset(offset).execute();
}

/** The first `limit` matching observations as selectObservations has them, each with its stored date to merge by. */
export function firstObservations(db: Db, filter: ObservationFilter, limit: number) {
  return inReadingOrder(db, filter).select('o.ts').limit(limit).execute();
}

/** Whether any observation matches: the first found in key order, without counting or sorting. */
export async function anyObservation(db: Db, filter: ObservationFilter): Promise<boolean> {
  return (
    (await db.selectFrom('observations as o').select('o.ts').where(matches(filter)).limit(1).executeTakeFirst()) !==
    undefined
  );
}

/** A query as people write it: variable and location names, optionally within one source ('sector/slug'). */
export interface NamedQuery {
  variables: string[];
  locations: string[];
  source?: string;
  start: string;
  end: string;
}

/** A part of a filter still to read: whole (variable, location) pairs, or the rest of one pair after a date. */
interface FilterPart {
  filter: ObservationFilter;
  after?: string;
}

/** What remains of a part, in key order, once `last` has been read: three parts whose IN lists the index can seek. */
function partsAfter(
  { filter }: FilterPart,
  last: { variable_id: number; location_id: number; ts: string },
): FilterPart[] {
  const variable = filter.variables.filter((v) => v.id === last.variable_id);
  const laterVariables = filter.variables.filter((v) => v.id > last.variable_id);
  const laterLocations = filter.locationIds.filter((id) => id > last.location_id);
  return [
    { filter: { ...filter, variables: variable, locationIds: [last.location_id] }, after: last.ts },
    { filter: { ...filter, variables: variable, locationIds: laterLocations } },
    { filter: { ...filter, variables: laterVariables } },
  ].filter((part) => part.filter.variables.length && part.filter.locationIds.length);
}

/**
 * Every matching observation, with its timestamp as shown, in primary-key order, read in pages of
 * `pageSize` rows, so memory stays flat. A page ends inside some (variable, location) pair; the next
 * pages read the rest of that pair, then the later pairs, each as plain IN lists and a date range, so
 * every page is an index seek: a row-value condition `(variable, location, ts) > key` next to IN
 * lists is only a filter, and pages grew slower the further the export went.
 */
export async function* iterateObservations(db: Db, filter: ObservationFilter, pageSize = 5_000) {
  const parts: FilterPart[] = [{ filter }];
  for (let part = parts.shift(); part; part = parts.shift()) {
    let query = db
      .selectFrom('observations as o')
      .select(['o.variable_id', 'o.location_id', 'o.ts', shownTimestamp(part.filter).as('timestamp'), 'o.value'])
      .where(matches(part.filter))
      .orderBy('o.variable_id')
      .orderBy('o.location_id')
      .orderBy('o.ts')
      .limit(pageSize);
    if (part.after) query = query.where('o.ts', '>', part.after);
    const page = await query.execute();
    if (page.length) yield page;
    if (page.length === pageSize) parts.unshift(...partsAfter(part, page[page.length - 1]));
  }
}

/** Provenance of the datasets behind some variables, for export READMEs and citations. */
export function listDatasets(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('datasets').selectAll().where('id', 'in', ids).orderBy('id').execute();
}
