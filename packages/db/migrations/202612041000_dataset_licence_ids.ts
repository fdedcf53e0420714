import type { Kysely } from 'kysely';

/**
 * The licence of each dataset as an SPDX identifier, or 'other' when SPDX lists none for it, so that
 * exports name licences in a form tools read (the `licence` text stays what visitors read). Expand
 * only: datasets loaded before it hold null, which exports treat as 'other', until their next load.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datasets').addColumn('licence_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datasets').dropColumn('licence_id').execute();
}
