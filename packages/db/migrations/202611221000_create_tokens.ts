import { type Kysely, sql } from 'kysely';

// Tokens are stored only as their SHA-256; times are epoch milliseconds (bigint), as in users.
export async function up(db: Kysely<any>): Promise<void> {
  // One-time links sent by e-mail: verify the address (24 h) or reset the password (1 h).
  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('tokens_user_id_index').on('tokens').columns(['user_id', 'purpose']).execute();

  // Personal API tokens, accepted as `Authorization: Bearer` by the routes that need a login.
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_user_id_index').on('api_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('tokens').execute();
}
