import type { Kysely } from 'kysely';

/**
 * Indexes for the hourly sweep of ended sessions and old one-time links, which deletes by expiry
 * across all users. Expand only: releases before it run on the schema unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_at_index').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('tokens_expires_at_index').on('tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_expires_at_index').execute();
  await db.schema.dropIndex('sessions_expires_at_index').execute();
}
