import type { Kysely } from 'kysely';

/**
 * The caveat of a variable a manifest marks as easily taken for another figure: the key of the
 * catalogue text that says what it measures and how it differs. Null for every other variable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').addColumn('caveat', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('variables').dropColumn('caveat').execute();
}
