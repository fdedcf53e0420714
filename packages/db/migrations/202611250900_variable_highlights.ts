import type { Kysely } from 'kysely';

/**
 * Variables a manifest marks as one of the landing page's figures: their place in the row of
 * figures, and the location shown (null: the median of the counties that have a value).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').addColumn('highlight_order', 'integer').execute();
  await db.schema.alterTable('variables').addColumn('highlight_location', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').dropColumn('highlight_location').execute();
  await db.schema.alterTable('variables').dropColumn('highlight_order').execute();
}
