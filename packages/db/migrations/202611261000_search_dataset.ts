import type { Kysely } from 'kysely';

/**
 * The dataset a search entry stands for, so a dataset found opens its own page. Entries written
 * before this have none until the next rebuild of the index; they open a source listing
 * the dataset, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_entries').addColumn('dataset', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_entries').dropColumn('dataset').execute();
}
