import type { Kysely } from 'kysely';

// Each export a user makes, for their own history on the My account page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_log_user_id_index').on('export_log').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_log').execute();
}
