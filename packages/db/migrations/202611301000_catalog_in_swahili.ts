import type { Kysely } from 'kysely';

/**
 * The Swahili titles, descriptions and introductions of sectors and sources, beside the English
 * ones; null where the catalogue has no translation, and the English text is shown instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['sectors', 'sources']) {
    await db.schema.alterTable(table).addColumn('title_sw', 'text').execute();
    await db.schema.alterTable(table).addColumn('description_sw', 'text').execute();
  }
  await db.schema.alterTable('sectors').addColumn('intro_sw', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sectors').dropColumn('intro_sw').execute();
  for (const table of ['sources', 'sectors']) {
    await db.schema.alterTable(table).dropColumn('description_sw').execute();
    await db.schema.alterTable(table).dropColumn('title_sw').execute();
  }
}
