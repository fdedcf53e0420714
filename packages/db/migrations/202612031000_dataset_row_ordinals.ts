import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../src/dialect.ts';

/**
 * Numbers each dataset's rows 1, 2, 3... in the order its pages list them (by date, then variable
 * and place name), so page n is a range of ordinals read through the primary key, as cheap at the
 * last page as at the first (ADR 0033). A dataset's rows change only when it is loaded, and the
 * importer numbers them anew then, in the same transaction.
 *
 * `datasets.ordinals_checksum` names the load the numbers belong to: a release from before this
 * migration reloading a dataset leaves the numbers of the previous load behind, and the pages then
 * fall back to counting rows until the next load. Expand only: releases before it run on the
 * schema unchanged. Datasets loaded before it are numbered here, with the rule written in SQL as
 * the importer has it today (migrations do not import code that may change).
 */
export async function up(db: Kysely<any>): Promise<void> {
  let rows = db.schema
    .createTable('dataset_rows')
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('variable_id', 'integer', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dataset_rows_pk', ['dataset_id', 'ordinal']);
  if (isSqlite(db)) rows = rows.modifyEnd(sql`without rowid`);
  await rows.execute();
  await db.schema.alterTable('datasets').addColumn('ordinals_checksum', 'text').execute();

  await sql`
    insert into dataset_rows (dataset_id, ordinal, variable_id, location_id, ts)
    select v.dataset_id,
      row_number() over (partition by v.dataset_id order by o.ts, v.name, l.name, o.variable_id, o.location_id),
      o.variable_id, o.location_id, o.ts
    from observations o
    join variables v on v.id = o.variable_id
    join locations l on l.id = o.location_id`.execute(db);
  await sql`update datasets set ordinals_checksum = checksum`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datasets').dropColumn('ordinals_checksum').execute();
  await db.schema.dropTable('dataset_rows').execute();
}
