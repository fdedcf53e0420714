import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/** Every loaded dataset, by id. */
export function listAllDatasets(db: Db) {
  return db.selectFrom('datasets').selectAll().orderBy('id').execute();
}

export function findDataset(db: Db, id: string) {
  return db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The variables of one dataset, or of every dataset without `id`, by name. */
export function datasetVariables(db: Db, id?: string) {
  let query = db
    .selectFrom('variables')
    .select(['id', 'dataset_id', 'name', 'unit', 'period', 'definition', 'derivation', 'first_ts', 'last_ts'])
    .orderBy('name');
  if (id !== undefined) query = query.where('dataset_id', '=', id);
  return query.execute();
}

/** The places a dataset has values for, by name. */
export function datasetLocations(db: Db, id: string) {
  return (
    db
      .selectFrom('locations as l')
      .select(['l.id', 'l.name', 'l.kind'])
      // One pass over the dataset's values (a key range per variable), whatever the number of places stored.
      .where('l.id', 'in', (eb) =>
        eb
          .selectFrom('observations as o')
          .innerJoin('variables as v', 'v.id', 'o.variable_id')
          .select('o.location_id')
          .where('v.dataset_id', '=', id),
      )
      .orderBy('l.name')
      .execute()
  );
}

/** How many values a dataset holds per variable and year (the year a value is dated in), in one pass. */
export async function datasetValueCounts(
  db: Db,
  id: string,
): Promise<{ variable_id: number; year: number; count: number }[]> {
  const year = sql<string>`substr(${sql.ref('o.ts')}, 1, 4)`;
  const rows = await db
    .selectFrom('observations as o')
    .innerJoin('variables as v', 'v.id', 'o.variable_id')
    .select(['o.variable_id', year.as('year'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('v.dataset_id', '=', id)
    .groupBy(['o.variable_id', year])
    .execute();
  return rows.map((r) => ({ variable_id: r.variable_id, year: Number(r.year), count: Number(r.count) }));
}

/** The sources that list a dataset's variables, in catalogue order, with their sectors' titles. */
export function datasetSources(db: Db, id: string) {
  return db
    .selectFrom('variable_sources as vs')
    .innerJoin('variables as v', 'v.id', 'vs.variable_id')
    .innerJoin('sources as s', 's.id', 'vs.source_id')
    .innerJoin('sectors as sec', 'sec.slug', 's.sector_slug')
    .select([
      's.sector_slug',
      'sec.title as sector_title',
      'sec.position as sector_position',
      's.slug',
      's.title',
      's.position',
    ])
    .distinct()
    .where('v.dataset_id', '=', id)
    .orderBy('sec.position')
    .orderBy('s.position')
    .execute();
}

/** Every load of a dataset, newest first. */
export function datasetVersions(db: Db, id: string) {
  return db.selectFrom('dataset_versions').selectAll().where('dataset_id', '=', id).orderBy('number', 'desc').execute();
}
