import type { Kysely } from 'kysely';

/**
 * Alerts on a monthly county figure (ADR 0044).
 *
 * - alerts: a user's threshold on one variable in one county, with the language of the page it was
 *   made from, and its last state as the last import saw it (latest month, value, whether on the
 *   alert's side) and the latest month a mail told, so one crossing is told once.
 * - outbox_alerts: what an alert mail tells: each crossing, with its month and value. A line goes
 *   with its alert, so a mail about an alert ended before it was sent has nothing left to say.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // By name, as variables and places are known across reloads (a reload gives a variable its id anew).
    .addColumn('variable', 'text', (c) => c.notNull())
    .addColumn('county', 'text', (c) => c.notNull())
    .addColumn('comparison', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_ts', 'text')
    .addColumn('last_value', 'double precision')
    // 1 when the last value was on the alert's side of its threshold, 0 when not; SQLite has no boolean.
    .addColumn('last_on_side', 'integer')
    .addColumn('told_ts', 'text')
    .execute();
  // The import looks up the alerts on the variables it just loaded.
  await db.schema.createIndex('alerts_by_variable').on('alerts').column('variable').execute();
  await db.schema.createIndex('alerts_by_user').on('alerts').column('user_id').execute();

  await db.schema
    .createTable('outbox_alerts')
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('ts', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_alerts_pk', ['mail_id', 'alert_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_alerts').execute();
  await db.schema.dropTable('alerts').execute();
}
