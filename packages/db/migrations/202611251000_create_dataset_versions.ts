import { type Kysely, sql } from 'kysely';

/**
 * One row per load of a dataset (ADR 0017): its version, checksum and number of values, and what
 * changed against the load before it (values added, removed and changed, and the first and last
 * date a change touched; null for a first load). The importer writes a row each time it loads a
 * dataset; the rows go with their dataset.
 *
 * Datasets loaded before this migration get one row each, with no changes known. Their version is
 * written here in SQL, the first 12 hex digits of the checksum as the contract's `datasetVersion`
 * has it today (migrations do not import code that may change).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dataset_versions')
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    // 1 for the first load of the dataset, then one more for each reload.
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .addColumn('value_count', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer')
    .addColumn('removed', 'integer')
    .addColumn('changed', 'integer')
    .addColumn('first_changed', 'text')
    .addColumn('last_changed', 'text')
    .addPrimaryKeyConstraint('dataset_versions_pk', ['dataset_id', 'number'])
    .execute();

  await sql`
    insert into dataset_versions (dataset_id, number, version, checksum, loaded_at, value_count)
    select d.id, 1, substr(d.checksum, 1, 12), d.checksum, d.loaded_at,
      (select count(*) from observations o join variables v on v.id = o.variable_id where v.dataset_id = d.id)
    from datasets d`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dataset_versions').execute();
}
