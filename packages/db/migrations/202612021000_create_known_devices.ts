import type { Kysely } from 'kysely';

/**
 * The browsers each account has logged in from (ADR 0032): a login from one of them is not held up
 * by strangers' failures. Expand only: releases before it run on the schema unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('known_devices_user_id_index').on('known_devices').column('user_id').execute();
  await db.schema.createIndex('known_devices_expires_at_index').on('known_devices').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
}
