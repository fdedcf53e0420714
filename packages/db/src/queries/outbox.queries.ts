import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { FollowKind, MailKind } from '../tables/follows.table.ts';

type Db = Kysely<Database>;

/** The sources that list a dataset's variables and the names of the counties it has values for. */
export async function datasetReach(db: Db, datasetId: string): Promise<{ sourceIds: string[]; counties: string[] }> {
  const sources = await db
    .selectFrom('variable_sources as vs')
    .innerJoin('variables as v', 'v.id', 'vs.variable_id')
    .select('vs.source_id')
    .distinct()
    .where('v.dataset_id', '=', datasetId)
    .execute();
  // A value at a sub-location counts for its county too.
  const counties = await db
    .selectFrom('locations as c')
    .select('c.name')
    .where('c.kind', '=', 'county')
    .where('c.county_code', 'in', (eb) =>
      eb
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .select('l.county_code')
        .distinct()
        .where('v.dataset_id', '=', datasetId)
        .where('l.county_code', 'is not', null),
    )
    .execute();
  return { sourceIds: sources.map((s) => s.source_id), counties: counties.map((c) => c.name) };
}

/** The follows that name any of the given targets, newest first. */
export async function followsOf(db: Db, targets: { kind: FollowKind; targets: string[] }[]) {
  const asked = targets.filter((t) => t.targets.length);
  if (!asked.length) return [];
  return db
    .selectFrom('follows')
    .select(['user_id', 'kind', 'target', 'language'])
    .where((eb) => eb.or(asked.map((t) => eb.and([eb('kind', '=', t.kind), eb('target', 'in', t.targets)]))))
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * The id of a user's mail of one kind in this batch, writing the mail first if it is the batch's
 * first for them. Not due until the batch is released.
 */
async function mailOfBatch(
  db: Db,
  mail: { kind: MailKind; batch: string; user_id: string; language: string; now: number },
): Promise<string> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      kind: mail.kind,
      user_id: mail.user_id,
      batch: mail.batch,
      language: mail.language,
      created_at: mail.now,
      due_at: null,
      claimed_at: null,
      claim_token: null,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['kind', 'user_id', 'batch']).doNothing())
    .execute();
  const { id } = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('kind', '=', mail.kind)
    .where('user_id', '=', mail.user_id)
    .where('batch', '=', mail.batch)
    .executeTakeFirstOrThrow();
  return id;
}

/** Adds to each user's change mail of this batch the dataset version that the given follows matched. */
export async function addChangesToMails(
  db: Db,
  change: {
    batch: string;
    datasetId: string;
    versionNumber: number;
    follows: { user_id: string; kind: FollowKind; target: string; language: string }[];
    now: number;
  },
): Promise<void> {
  for (const follow of change.follows) {
    const mailId = await mailOfBatch(db, {
      ...change,
      kind: 'changes',
      user_id: follow.user_id,
      language: follow.language,
    });
    await db
      .insertInto('outbox_changes')
      .values({
        mail_id: mailId,
        dataset_id: change.datasetId,
        version_number: change.versionNumber,
        follow_kind: follow.kind,
        follow_target: follow.target,
      })
      .execute();
  }
}

/** Adds a crossing to the alert mail of this batch of the alert's user, in the alert's language. */
export async function addCrossingToMail(
  db: Db,
  crossing: {
    batch: string;
    alert: { id: string; user_id: string; language: string };
    ts: string;
    value: number;
    now: number;
  },
): Promise<void> {
  const { alert } = crossing;
  const mailId = await mailOfBatch(db, {
    kind: 'alert',
    ...crossing,
    user_id: alert.user_id,
    language: alert.language,
  });
  await db
    .insertInto('outbox_alerts')
    .values({ mail_id: mailId, alert_id: alert.id, ts: crossing.ts, value: crossing.value })
    .execute();
}

/**
 * Makes the mails of a batch due (`batch` given) or those of every batch not released (none
 * given): an import that died before its end left its mails so, and the next import, holding the
 * import lock, knows it no longer runs.
 */
export async function releaseMails(db: Db, now: number, batch?: string): Promise<void> {
  let query = db.updateTable('mail_outbox').set({ due_at: now }).where('due_at', 'is', null);
  if (batch) query = query.where('batch', '=', batch);
  await query.execute();
}

/** Mails due and not sent that no live claim holds, oldest first. */
export function dueMails(db: Db, now: number, staleBefore: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'user_id', 'language', 'attempts'])
    .where('sent_at', 'is', null)
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a mail for one sender: a single UPDATE that only one of several racing senders wins, on
 * either database. A claim older than `staleBefore` (its sender died) may be taken over.
 */
export async function claimMail(db: Db, id: string, token: string, now: number, staleBefore: number) {
  const result = await db
    .updateTable('mail_outbox')
    .set({ claimed_at: now, claim_token: token })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a mail as sent, if the claim is still this sender's. */
export async function markMailSent(db: Db, id: string, token: string, now: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Gives a mail that could not be sent back to the outbox, due again at `retryAt`. */
export async function retryMailLater(db: Db, id: string, token: string, retryAt: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_at: null, claim_token: null, due_at: retryAt, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** The dataset versions a change mail lists, with each follow that matched, by dataset title. */
export function mailChanges(db: Db, mailId: string) {
  return db
    .selectFrom('outbox_changes as c')
    .innerJoin('dataset_versions as v', (join) =>
      join.onRef('v.dataset_id', '=', 'c.dataset_id').onRef('v.number', '=', 'c.version_number'),
    )
    .innerJoin('datasets as d', 'd.id', 'c.dataset_id')
    .select(['d.id', 'd.title', 'v.added', 'v.removed', 'v.changed', 'v.first_changed', 'v.last_changed'])
    .select(['c.follow_kind', 'c.follow_target'])
    .where('c.mail_id', '=', mailId)
    .orderBy('d.title')
    .orderBy('c.follow_kind')
    .orderBy('c.follow_target')
    .execute();
}

/** Deletes the mails sent before `before`, with their lines; returns how many. */
export async function deleteMailsSentBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('mail_outbox').where('sent_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
