import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { withFirstSource } from './highlights.queries.ts';

type Db = Kysely<Database>;

/** The 47 counties, by their KNBS code, with their location ids. */
export async function listCounties(db: Db) {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name', 'county_code'])
    .where('kind', '=', 'county')
    .where('county_code', 'is not', null)
    .orderBy('county_code')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.county_code! }));
}

/** The variables their manifests mark as county headlines, in their order, with provenance and first source. */
export async function listHeadlineVariables(db: Db) {
  const variables = await db
    .selectFrom('variables as v')
    .innerJoin('datasets as d', 'd.id', 'v.dataset_id')
    .where('v.headline_order', 'is not', null)
    .select(['v.id', 'v.name', 'v.unit', 'v.period', 'v.definition', 'v.headline_topic'])
    .select(['d.id as dataset_id', 'd.title as dataset_title', 'd.publisher', 'd.licence', 'd.retrieved'])
    .orderBy('v.headline_order')
    .execute();
  return withFirstSource(db, variables);
}

/** Every value of the variables at a county or at the country, oldest first. */
export function countyAndNationalValues(db: Db, variableIds: number[]) {
  if (!variableIds.length) return Promise.resolve([]);
  return db
    .selectFrom('observations as o')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .where('o.variable_id', 'in', variableIds)
    .where('l.kind', 'in', ['county', 'country'])
    .select(['o.variable_id', 'l.name', 'l.kind', 'o.ts', 'o.value'])
    .orderBy('o.ts')
    .execute();
}

/**
 * What changes whenever any dataset is loaded: the newest load time and the number of datasets.
 * Figures derived from the values can be kept until it changes.
 */
export async function dataStamp(db: Db): Promise<string> {
  const row = await db
    .selectFrom('datasets')
    .select((eb) => [eb.fn.max('loaded_at').as('latest'), eb.fn.countAll().as('count')])
    .executeTakeFirstOrThrow();
  return `${row.latest ?? 0}/${row.count}`;
}
