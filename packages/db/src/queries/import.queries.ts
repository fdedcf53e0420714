import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import { numberDatasetRows } from './dataset-rows.queries.ts';
import type {
  LocationKind,
  NewDataset,
  NewDatasetVersion,
  NewObservation,
  NewVariable,
  Period,
} from '../tables/timeseries.table.ts';

type Db = Kysely<Database>;

/**
 * Rows per INSERT: 4 columns × 2,000 rows = 8,000 parameters, well under PostgreSQL's 65,535 and
 * SQLite's 32,766 per statement.
 */
export const INSERT_BATCH_ROWS = 2000;

/** The checksum each loaded dataset was loaded with, by dataset id. */
export async function datasetChecksums(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('datasets').select(['id', 'checksum']).execute();
  return new Map(rows.map((r) => [r.id, r.checksum]));
}

export interface LocationToSave {
  name: string;
  kind: LocationKind;
  county_code: number | null;
}

export interface VariableToSave {
  name: string;
  unit: string;
  period: Period;
  definition: string | null;
  code: string | null;
  derivation: string | null;
  highlight_order: number | null;
  highlight_location: string | null;
  headline_topic: string | null;
  headline_order: number | null;
  caveat: string | null;
  /** The sources that list it: one variable, linked to each. */
  sources: string[];
}

export interface DatasetToSave {
  dataset: NewDataset;
  variables: VariableToSave[];
  locations: LocationToSave[];
  /** `variable` indexes `variables`; `location` is a name from `locations`. */
  observations: { variable: number; location: string; ts: string; value: number }[];
}

/**
 * Makes one dataset's rows exactly `data`: its provenance row, its variables with the sources that
 * list them, and their observations, adding the locations it needs. A variable keeps its id when
 * its name stays the same; the database assigns a new one's. Run it in a transaction, so a failure
 * keeps the old rows. Its rows are numbered in page order (numberDatasetRows).
 * @returns the number of observation rows written.
 */
export async function replaceDataset(db: Db, data: DatasetToSave): Promise<number> {
  const id = data.dataset.id;
  const previous = await db.selectFrom('variables').select(['id', 'name']).where('dataset_id', '=', id).execute();
  const keep = new Map(previous.map((v) => [v.name, v.id]));

  await db
    .deleteFrom('observations')
    .where('variable_id', 'in', db.selectFrom('variables').select('id').where('dataset_id', '=', id))
    .execute();
  await db.deleteFrom('variables').where('dataset_id', '=', id).execute();
  const { id: _id, ...provenance } = data.dataset;
  await db
    .insertInto('datasets')
    .values(data.dataset)
    .onConflict((oc) => oc.column('id').doUpdateSet(provenance))
    .execute();

  const locationIds = await saveLocations(db, data.locations);
  const dates = data.variables.map(() => ({ first_ts: null as string | null, last_ts: null as string | null }));
  for (const o of data.observations) {
    const span = dates[o.variable];
    if (span.first_ts === null || o.ts < span.first_ts) span.first_ts = o.ts;
    if (span.last_ts === null || o.ts > span.last_ts) span.last_ts = o.ts;
  }
  const variables: NewVariable[] = data.variables.map(({ sources: _sources, ...v }, i) => ({
    ...(keep.has(v.name) && { id: keep.get(v.name) }),
    dataset_id: id,
    ...v,
    ...dates[i],
  }));
  // Variables have thirteen columns: 500 rows stay well under SQLite's 32,766 parameters per statement.
  const ids = new Map<string, number>();
  await inBatches(variables, 500, async (batch) => {
    for (const row of await db.insertInto('variables').values(batch).returning(['id', 'name']).execute())
      ids.set(row.name, row.id);
  });
  const variableIds = data.variables.map((v) => ids.get(v.name)!);
  const links = data.variables.flatMap((v, i) =>
    v.sources.map((source_id) => ({ variable_id: variableIds[i], source_id })),
  );
  await inBatches(links, INSERT_BATCH_ROWS, (batch) => db.insertInto('variable_sources').values(batch).execute());

  const rows: NewObservation[] = [];
  let written = 0;
  for (const o of data.observations) {
    rows.push({
      variable_id: variableIds[o.variable],
      location_id: locationIds.get(o.location)!,
      ts: o.ts,
      value: o.value,
    });
    if (rows.length >= INSERT_BATCH_ROWS) written += await flush(db, rows);
  }
  written += await flush(db, rows);
  await numberDatasetRows(db, id);
  return written;
}

/** One stored value of a dataset, named as the importer names it. */
export interface NamedValue {
  variable: string;
  location: string;
  ts: string;
  value: number;
}

/** Every value a dataset holds now, by variable and location name, to compare a new load with. */
export function datasetValues(db: Db, id: string): Promise<NamedValue[]> {
  return db
    .selectFrom('observations as o')
    .innerJoin('variables as v', 'v.id', 'o.variable_id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .select(['v.name as variable', 'l.name as location', 'o.ts', 'o.value'])
    .where('v.dataset_id', '=', id)
    .execute();
}

/** Records a load of a dataset as its next version (number: one more than the last); returns that number. */
export async function addDatasetVersion(db: Db, version: Omit<NewDatasetVersion, 'number'>): Promise<number> {
  const last = await db
    .selectFrom('dataset_versions')
    .select((eb) => eb.fn.max('number').as('max'))
    .where('dataset_id', '=', version.dataset_id)
    .executeTakeFirst();
  const number = Number(last?.max ?? 0) + 1;
  await db
    .insertInto('dataset_versions')
    .values({ ...version, number })
    .execute();
  return number;
}

/** Deletes a dataset with its variables, observations and versions (its manifest is gone). */
export async function removeDataset(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('observations')
    .where('variable_id', 'in', db.selectFrom('variables').select('id').where('dataset_id', '=', id))
    .execute();
  await db.deleteFrom('variables').where('dataset_id', '=', id).execute();
  await db.deleteFrom('datasets').where('id', '=', id).execute();
}

/** Ensures every location exists with the given kind and code; returns the ids by name. */
async function saveLocations(db: Db, locations: LocationToSave[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!locations.length) return ids;
  const existing = await db
    .selectFrom('locations')
    .selectAll()
    .where(
      'name',
      'in',
      locations.map((l) => l.name),
    )
    .execute();
  const byName = new Map(existing.map((l) => [l.name, l]));
  for (const location of locations) {
    const found = byName.get(location.name);
    if (!found) {
      const { id } = await db.insertInto('locations').values(location).returning('id').executeTakeFirstOrThrow();
      ids.set(location.name, id);
      continue;
    }
    if (found.kind !== location.kind || found.county_code !== location.county_code) {
      await db
        .updateTable('locations')
        .set({ kind: location.kind, county_code: location.county_code })
        .where('id', '=', found.id)
        .execute();
    }
    ids.set(location.name, found.id);
  }
  return ids;
}

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

async function flush(db: Db, rows: NewObservation[]): Promise<number> {
  if (!rows.length) return 0;
  await db.insertInto('observations').values(rows).execute();
  const count = rows.length;
  rows.length = 0;
  return count;
}
