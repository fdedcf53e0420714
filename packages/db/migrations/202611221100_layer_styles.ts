import type { Kysely } from 'kysely';

// Layers gain how they are drawn, how to cite them and their measured extent. All nullable: rows
// loaded before this migration get them on the next catalogue load.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('layers').addColumn('style', 'text').execute();
  await db.schema.alterTable('layers').addColumn('citation', 'text').execute();
  for (const column of ['west', 'south', 'east', 'north']) {
    await db.schema.alterTable('layers').addColumn(column, 'double precision').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['north', 'east', 'south', 'west', 'citation', 'style']) {
    await db.schema.alterTable('layers').dropColumn(column).execute();
  }
}
