import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/**
 * The variables their manifests mark as landing-page figures, in their order, each with its
 * dataset's provenance and the first source (by sector and position) that lists it.
 */
export async function listHighlightVariables(db: Db) {
  const variables = await db
    .selectFrom('variables as v')
    .innerJoin('datasets as d', 'd.id', 'v.dataset_id')
    .where('v.highlight_order', 'is not', null)
    .select(['v.id', 'v.name', 'v.unit', 'v.period', 'v.definition', 'v.caveat', 'v.first_ts', 'v.last_ts'])
    .select('v.highlight_location')
    .select(['d.id as dataset_id', 'd.title as dataset_title', 'd.publisher', 'd.licence', 'd.retrieved'])
    .orderBy('v.highlight_order')
    .execute();
  return withFirstSource(db, variables);
}

/** The variables with the first source (by sector and position) that lists each; one without a source is left out. */
export async function withFirstSource<V extends { id: number }>(db: Db, variables: V[]) {
  if (!variables.length) return [];
  const sources = await db
    .selectFrom('variable_sources as vs')
    .innerJoin('sources as s', 's.id', 'vs.source_id')
    .innerJoin('sectors as sec', 'sec.slug', 's.sector_slug')
    .where(
      'vs.variable_id',
      'in',
      variables.map((v) => v.id),
    )
    .select(['vs.variable_id', 's.sector_slug', 's.slug', 's.title', 'sec.title as sector_title'])
    .orderBy('sec.position')
    .orderBy('s.position')
    .execute();
  return variables.flatMap((v) => {
    const source = sources.find((s) => s.variable_id === v.id);
    return source ? [{ ...v, source }] : [];
  });
}

/** A variable's values at one location on its last `count` dates, newest first. */
export function latestValuesAt(db: Db, variableId: number, location: string, count: number) {
  return db
    .selectFrom('observations as o')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .where('o.variable_id', '=', variableId)
    .where('l.name', '=', location)
    .select(['o.ts', 'o.value'])
    .orderBy('o.ts', 'desc')
    .limit(count)
    .execute();
}

/** A variable's values at every county on the last `count` dates any county has one. */
export function latestCountyValues(db: Db, variableId: number, count: number) {
  const countyValues = db
    .selectFrom('observations as o')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .where('o.variable_id', '=', variableId)
    .where('l.kind', '=', 'county');
  const lastDates = countyValues.select('o.ts').distinct().orderBy('o.ts', 'desc').limit(count);
  return countyValues.where('o.ts', 'in', lastDates).select(['o.ts', 'o.value']).execute();
}

/** Every dataset with the first and last date its variables cover, for the landing page's longest records. */
export function listDatasetSpans(db: Db) {
  return db
    .selectFrom('variables as v')
    .innerJoin('datasets as d', 'd.id', 'v.dataset_id')
    .where('v.first_ts', 'is not', null)
    .groupBy(['d.id', 'd.title', 'd.publisher'])
    .select(['d.id', 'd.title', 'd.publisher'])
    .select((eb) => [eb.fn.min('v.first_ts').as('first'), eb.fn.max('v.last_ts').as('last')])
    .execute();
}
