import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/** Each variable's number of counties with a value, per period. */
function countiesPerPeriod(db: Db) {
  return db
    .selectFrom('observations as o')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .where('l.kind', '=', 'county')
    .where('l.county_code', 'is not', null)
    .groupBy(['o.variable_id', 'o.ts'])
    .select(['o.variable_id', 'o.ts', (eb) => eb.fn.countAll().as('counties')]);
}

/**
 * The variables with values for at least `minCounties` counties in one period, once per source that
 * offers them (by sector, source and name), with the first and last period any county has a value.
 */
export async function listMappableVariables(db: Db, minCounties: number) {
  const rows = await db
    .selectFrom(countiesPerPeriod(db).as('p'))
    .innerJoin('variables as v', 'v.id', 'p.variable_id')
    .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
    .innerJoin('sources as s', 's.id', 'vs.source_id')
    .innerJoin('sectors as sec', 'sec.slug', 's.sector_slug')
    .groupBy([
      'v.id',
      'v.name',
      'v.unit',
      'v.period',
      's.id',
      's.sector_slug',
      's.slug',
      's.title',
      'sec.title',
      'sec.position',
      's.position',
    ])
    .having((eb) => eb.fn.max('p.counties'), '>=', minCounties)
    .select(['v.name', 'v.unit', 'v.period', 's.sector_slug', 's.slug', 's.title', 'sec.title as sector_title'])
    .select((eb) => [eb.fn.min('p.ts').as('first'), eb.fn.max('p.ts').as('last')])
    .orderBy('sec.position')
    .orderBy('s.position')
    .orderBy('v.name')
    .execute();
  return rows.map((r) => ({ ...r, first: String(r.first), last: String(r.last) }));
}

/** A variable by its name among those a source offers, with its dataset's provenance; undefined when the source has none by that name. */
export function findSourceVariable(db: Db, sourceId: string, name: string) {
  return db
    .selectFrom('variables as v')
    .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
    .innerJoin('datasets as d', 'd.id', 'v.dataset_id')
    .where('vs.source_id', '=', sourceId)
    .where('v.name', '=', name)
    .select(['v.id', 'v.name', 'v.unit', 'v.period', 'v.definition', 'v.caveat'])
    .select(['d.id as dataset_id', 'd.title as dataset_title', 'd.publisher', 'd.licence', 'd.retrieved'])
    .executeTakeFirst();
}
