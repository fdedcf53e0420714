import type { Kysely } from 'kysely';

/** Variables a manifest marks as a county profile headline: their topic and place among all headlines. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').addColumn('headline_topic', 'text').execute();
  await db.schema.alterTable('variables').addColumn('headline_order', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').dropColumn('headline_order').execute();
  await db.schema.alterTable('variables').dropColumn('headline_topic').execute();
}
