import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../src/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('datasets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('publisher', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('citation', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('retrieved', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('rows_loaded', 'integer', (c) => c.notNull())
    .addColumn('rows_rejected', 'integer', (c) => c.notNull())
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .execute();

  // Ids are given by the importer (max + 1), which keeps the DDL the same on both dialects.
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

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('country', 'county', 'province', 'sub-location', 'place')`),
    )
    .addColumn('county_code', 'integer')
    .execute();

  // Clustered by (variable, location, ts): a query for some variables and places reads contiguous rows.
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

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['observations', 'locations', 'variables', 'datasets'])
    await db.schema.dropTable(table).execute();
}
