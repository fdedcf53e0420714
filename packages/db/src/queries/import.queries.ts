import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { LocationKind, NewDataset, NewObservation, NewVariable, Period } from '../tables/timeseries.table.ts';

type Db = Kysely<Database>;

/**
 * Rows per INSERT: 4 columns × 2,000 rows = 8,000 parameters, well under PostgreSQL's 65,535 and
 * SQLite's 32,766 per statement.
 */
export const INSERT_BATCH_ROWS = 2000;

export async function countDatasets(db: Db): Promise<number> {
  const row = await db.selectFrom('datasets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

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
  /** The sources that list it; one variables row is stored per source. */
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
 * Makes one dataset's rows exactly `data`: its provenance row, its variables and their
 * observations, adding the locations it needs. Variables keep their id when their source and name
 * stay the same; new ones get max + 1. Run it in a transaction, so a failure keeps the old rows.
 * @returns the number of observation rows written.
 */
export async function replaceDataset(db: Db, data: DatasetToSave): Promise<number> {
  const id = data.dataset.id;
  const previous = await db.selectFrom('variables').select(['id', 'source_id', 'name']).where('dataset_id', '=', id).execute();
  const keep = new Map(previous.map((v) => [`${v.source_id}\u0000${v.name}`, v.id]));
  let nextId = (await maxId(db, 'variables')) + 1;

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
  const variableIds = data.variables.map((v) =>
    v.sources.map((source) => ({ id: keep.get(`${source}\u0000${v.name}`) ?? nextId++, source_id: source, dataset_id: id, name: v.name, unit: v.unit, period: v.period })),
  );
  await insertVariables(db, variableIds.flat());

  const rows: NewObservation[] = [];
  let written = 0;
  for (const o of data.observations) {
    const location_id = locationIds.get(o.location)!;
    for (const variable of variableIds[o.variable]) rows.push({ variable_id: variable.id, location_id, ts: o.ts, value: o.value });
    if (rows.length >= INSERT_BATCH_ROWS) written += await flush(db, rows);
  }
  written += await flush(db, rows);
  return written;
}

/** Deletes a dataset with its variables and observations (its manifest is gone). */
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
  let nextId = (await maxId(db, 'locations')) + 1;
  for (const location of locations) {
    const found = byName.get(location.name);
    if (!found) {
      const id = nextId++;
      await db.insertInto('locations').values({ id, ...location }).execute();
      ids.set(location.name, id);
      continue;
    }
    if (found.kind !== location.kind || found.county_code !== location.county_code) {
      await db.updateTable('locations').set({ kind: location.kind, county_code: location.county_code }).where('id', '=', found.id).execute();
    }
    ids.set(location.name, found.id);
  }
  return ids;
}

async function maxId(db: Db, table: 'variables' | 'locations'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}

async function insertVariables(db: Db, rows: NewVariable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    await db.insertInto('variables').values(rows.slice(i, i + INSERT_BATCH_ROWS)).execute();
  }
}

async function flush(db: Db, rows: NewObservation[]): Promise<number> {
  if (!rows.length) return 0;
  await db.insertInto('observations').values(rows).execute();
  const count = rows.length;
  rows.length = 0;
  return count;
}
