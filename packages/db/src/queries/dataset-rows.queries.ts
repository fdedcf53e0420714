import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { PERIODS } from '../periods.ts';
import type { Period } from '../tables/timeseries.table.ts';
import { matches, type ObservationFilter } from './timeseries.queries.ts';

type Db = Kysely<Database>;

/**
 * Numbers a dataset's rows anew, 1, 2, 3... in the order its pages list them: by date, then
 * variable and place name (the ids settle equal names). Run in the transaction that writes its
 * observations; `ordinals_checksum` then names the load the numbers belong to (ADR 0033).
 */
export async function numberDatasetRows(db: Db, id: string): Promise<void> {
  await db.deleteFrom('dataset_rows').where('dataset_id', '=', id).execute();
  await sql`
    insert into dataset_rows (dataset_id, ordinal, variable_id, location_id, ts)
    select v.dataset_id,
      row_number() over (order by o.ts, v.name, l.name, o.variable_id, o.location_id),
      o.variable_id, o.location_id, o.ts
    from observations o
    join variables v on v.id = o.variable_id
    join locations l on l.id = o.location_id
    where v.dataset_id = ${id}`.execute(db);
  await db
    .updateTable('datasets')
    .set((eb) => ({ ordinals_checksum: eb.ref('checksum') }))
    .where('id', '=', id)
    .execute();
}

/** How many rows a dataset has: its last ordinal, read from the end of the key. */
export async function datasetRowCount(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('dataset_rows')
    .select((eb) => eb.fn.max('ordinal').as('last'))
    .where('dataset_id', '=', id)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** A timestamp as shown, at its variable's period: 2019, 2019-03, 2019-03-14 or Jan 1991-2020. */
function shownAtPeriod() {
  const ts = sql.ref('r.ts');
  const cases = (Object.keys(PERIODS) as Period[]).map(
    (period) => sql`when ${sql.lit(period)} then ${PERIODS[period].shownSql(ts)}`,
  );
  return sql<string>`case ${sql.ref('v.period')} ${sql.join(cases, sql` `)} else ${ts} end`;
}

/**
 * The `limit` rows of a dataset after ordinal `after`, in page order, named and with their
 * timestamps as shown: a range of the primary key, as cheap at the last page as at the first.
 */
export function datasetRowsAfter(db: Db, id: string, after: number, limit: number) {
  return datasetRows(db, id)
    .where('r.ordinal', '>', after)
    .where('r.ordinal', '<=', after + limit)
    .orderBy('r.ordinal')
    .execute();
}

/**
 * The `limit` rows of a dataset that match `filter`, after ordinal `after` and the `skip` matches
 * that follow it, in page order, each with its ordinal: read along the primary key from `after`,
 * so a walk by the last ordinal read reads the dataset once, however deep it goes.
 */
export function datasetRowsMatching(
  db: Db,
  id: string,
  filter: ObservationFilter,
  { after, limit, skip }: { after: number; limit: number; skip: number },
) {
  return (
    datasetRows(db, id)
      .select('r.ordinal')
      // The row's observation, as `matches` names it.
      .where((eb) =>
        matches(filter)(eb as unknown as ExpressionBuilder<Database & { o: Database['observations'] }, 'o'>),
      )
      .where('r.ordinal', '>', after)
      .orderBy('r.ordinal')
      .limit(limit)
      .offset(skip)
      .execute()
  );
}

/** A dataset's rows with their observations, named and with their timestamps as shown. */
function datasetRows(db: Db, id: string) {
  return db
    .selectFrom('dataset_rows as r')
    .innerJoin('observations as o', (join) =>
      join
        .onRef('o.variable_id', '=', 'r.variable_id')
        .onRef('o.location_id', '=', 'r.location_id')
        .onRef('o.ts', '=', 'r.ts'),
    )
    .innerJoin('variables as v', 'v.id', 'r.variable_id')
    .innerJoin('locations as l', 'l.id', 'r.location_id')
    .select([
      shownAtPeriod().as('timestamp'),
      'v.name as variable',
      'v.unit',
      'o.value',
      'l.name as location',
      'v.dataset_id as dataset',
    ])
    .where('r.dataset_id', '=', id);
}
