import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { coverage } from '../periods.ts';
import type { DatasetRow } from '../tables/timeseries.table.ts';

type Db = Kysely<Database>;

/** A loaded dataset as the catalogue metadata (DCAT-AP) describes it. */
export interface CatalogDataset extends DatasetRow {
  variables: { name: string; unit: string }[];
  /** The first and last day its values cover (a year runs to 31 December); null without values. */
  first: string | null;
  last: string | null;
  /** The sectors whose sources list its variables, by slug. */
  sectors: string[];
}

/** Every loaded dataset with its variables, the days they cover and their sectors, by id. */
export async function listCatalogDatasets(db: Db): Promise<CatalogDataset[]> {
  const [datasets, variables, sectors] = await Promise.all([
    db.selectFrom('datasets').selectAll().orderBy('id').execute(),
    db
      .selectFrom('variables')
      .select(['dataset_id', 'name', 'unit', 'period', 'first_ts', 'last_ts'])
      .orderBy('dataset_id')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('variables as v')
      .innerJoin('variable_sources as vs', 'vs.variable_id', 'v.id')
      .innerJoin('sources as s', 's.id', 'vs.source_id')
      .select(['v.dataset_id', 's.sector_slug'])
      .distinct()
      .orderBy('v.dataset_id')
      .orderBy('s.sector_slug')
      .execute(),
  ]);
  return datasets.map((dataset) => {
    const own = variables.filter((variable) => variable.dataset_id === dataset.id);
    const days = own.map((variable) => coverage(variable.period, variable.first_ts, variable.last_ts));
    const firsts = days.flatMap((day) => day.first ?? []).sort();
    const lasts = days.flatMap((day) => day.last ?? []).sort();
    return {
      ...dataset,
      variables: own.map(({ name, unit }) => ({ name, unit })),
      first: firsts[0] ?? null,
      last: lasts.at(-1) ?? null,
      sectors: sectors.filter((row) => row.dataset_id === dataset.id).map((row) => row.sector_slug),
    };
  });
}
