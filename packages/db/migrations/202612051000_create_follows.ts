import type { Kysely } from 'kysely';

/**
 * Following a dataset, a source or a county by e-mail (ADR 0042), and the outbox the mail waits in.
 *
 * - follows: who follows what, with the language of the page they followed it from, for the mail.
 * - mail_outbox: one mail to send. The import writes one per user and import run (`batch`) in the
 *   transaction that loads a dataset, not yet due; the run makes its mails due when it ends. A
 *   sender claims a mail by writing its own `claim_token` where none holds or the claim has gone
 *   stale, sends it, then writes `sent_at`. `kind` tells the kinds of mail apart (changes today).
 * - outbox_changes: what a change mail lists: each new dataset version with the follow it matched.
 * - unsubscribe_links: the one-click links the mails carry, stored hashed; a link ends the follows
 *   it names that were made before it, so repeating it changes nothing more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'kind', 'target'])
    .execute();
  // The import looks up who follows what it just loaded.
  await db.schema.createIndex('follows_by_target').on('follows').columns(['kind', 'target']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'bigint')
    .addColumn('claim_token', 'text')
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('mail_outbox_one_per_batch', ['kind', 'user_id', 'batch'])
    .execute();
  await db.schema.createIndex('mail_outbox_unsent').on('mail_outbox').columns(['sent_at', 'due_at']).execute();

  await db.schema
    .createTable('outbox_changes')
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull())
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('follow_kind', 'text', (c) => c.notNull())
    .addColumn('follow_target', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_changes_pk', ['mail_id', 'dataset_id', 'follow_kind', 'follow_target'])
    .execute();

  await db.schema
    .createTable('unsubscribe_links')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('unsubscribe_links_pk', ['token_hash', 'kind', 'target'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unsubscribe_links').execute();
  await db.schema.dropTable('outbox_changes').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('follows').execute();
}
