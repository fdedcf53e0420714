import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../src/dialect.ts';

const PERIODS = ['year', 'month', 'day', 'normal'];
const LOCATION_KINDS = ['country', 'county', 'province', 'sub-location', 'place', 'model-entity'];
const inList = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

/** The observations table as before, clustered by (variable, location, ts). */
async function createObservations(db: Kysely<any>): Promise<void> {
  let observations = db.schema
    .createTable('observations')
    .addColumn('variable_id', 'integer', (c) => c.notNull().references('variables.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('ts', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('observations_pk', ['variable_id', 'location_id', 'ts']);
  if (isSqlite(db)) observations = observations.modifyEnd(sql`without rowid`);
  await observations.execute();
}

/**
 * One variable per name, linked to every source that lists it (a name shared by two sources was
 * stored, and answered, twice); variables gain what they measure (definition), their code at the
 * publisher and how the portal derived them; periods gain 'normal' (a climate normal of a 30-year
 * reference period); locations gain 'model-entity' (a technology or commodity of an energy model);
 * datasets gain notes on how the portal prepared the file. The first and last dates of each
 * variable are kept with it, so listing a source's variables reads no observation.
 *
 * The timeseries rows are made from data/raw by the importer (ADR 0009), so the tables are built
 * anew and empty rather than converted: SQLite cannot change a CHECK or drop a constrained column
 * in place. The next start finds no dataset and imports the files again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['observations', 'variables', 'locations']) await db.schema.dropTable(table).execute();
  await db.deleteFrom('datasets').execute();
  await db.schema.alterTable('datasets').addColumn('notes', 'text').execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(LOCATION_KINDS)})`))
    .addColumn('county_code', 'integer')
    .execute();

  await db.schema
    .createTable('variables')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in (${inList(PERIODS)})`))
    .addColumn('definition', 'text')
    .addColumn('code', 'text')
    .addColumn('derivation', 'text')
    .addColumn('first_ts', 'text')
    .addColumn('last_ts', 'text')
    .execute();

  await db.schema
    .createTable('variable_sources')
    .addColumn('variable_id', 'integer', (c) => c.notNull().references('variables.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('variable_sources_pk', ['variable_id', 'source_id'])
    .execute();
  await db.schema
    .createIndex('variable_sources_source_index')
    .on('variable_sources')
    .columns(['source_id', 'variable_id'])
    .execute();

  await createObservations(db);
}

/** Back to one variable row per source and name; empty as well, for the importer to fill. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['observations', 'variable_sources', 'variables', 'locations'])
    await db.schema.dropTable(table).execute();
  await db.deleteFrom('datasets').execute();
  await db.schema.alterTable('datasets').dropColumn('notes').execute();
  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('country', 'county', 'province', 'sub-location', 'place')`),
    )
    .addColumn('county_code', 'integer')
    .execute();
  await db.schema
    .createTable('variables')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('year', 'month', 'day')`))
    .addUniqueConstraint('variables_source_name_unique', ['source_id', 'name'])
    .execute();
  await createObservations(db);
}
