import type { Generated, Insertable, Selectable } from 'kysely';

/** What a user can follow: a dataset (its id), a source ('{sector}/{slug}') or a county (its slug). */
export type FollowKind = 'dataset' | 'source' | 'county';

export interface FollowsTable {
  user_id: string;
  kind: FollowKind;
  target: string;
  /** The language of the page the follow was made from: the mail about it is written in it. */
  language: string;
  created_at: number;
}

/** The kinds of mail the outbox holds: changes to what a user follows, and alerts on a figure. */
export type MailKind = 'changes' | 'alert';

/** One mail to send (ADR 0042). */
export interface MailOutboxTable {
  id: string;
  kind: MailKind;
  user_id: string;
  /** What the mail is one of per user: the import run, for change mails. */
  batch: string;
  language: string;
  created_at: number;
  /** Null while the import that writes it still runs: the mail is not complete yet. */
  due_at: number | null;
  /** Failed sends so far; each pushes the next try further out. */
  attempts: Generated<number>;
  /** When a sender took it, and that sender's token; a claim older than the claim timeout may be taken over. */
  claimed_at: number | null;
  claim_token: string | null;
  sent_at: number | null;
}

/** A dataset version a change mail lists, with the follow that matched it. */
export interface OutboxChangesTable {
  mail_id: string;
  dataset_id: string;
  version_number: number;
  follow_kind: FollowKind;
  follow_target: string;
}

/** A one-click unsubscribe link: its token's hash and each follow (or alert, by its id) it ends. */
export interface UnsubscribeLinksTable {
  /** SHA-256 of the random token in the link. */
  token_hash: string;
  user_id: string;
  kind: FollowKind | 'alert';
  target: string;
  created_at: number;
}

export type NewFollow = Insertable<FollowsTable>;
export type MailRow = Selectable<MailOutboxTable>;

/** Whether an alert tells of a value falling below its threshold or rising above it. */
export type AlertComparison = 'below' | 'above';

/** A user's threshold on a monthly county figure, with its state as the last import saw it (ADR 0044). */
export interface AlertsTable {
  id: string;
  user_id: string;
  /** The variable's name and the county's, which stay across reloads. */
  variable: string;
  county: string;
  comparison: AlertComparison;
  /** In the variable's unit. */
  threshold: number;
  /** The language of the page the alert was made from: its mails are written in it. */
  language: string;
  created_at: number;
  /** The latest month with a value (YYYY-MM-01), that value and whether it was on the alert's side (1) or not (0). */
  last_ts: string | null;
  last_value: number | null;
  last_on_side: number | null;
  /** The latest month of the last crossing a mail told: a crossing is told once. */
  told_ts: string | null;
}

/** A crossing an alert mail tells. */
export interface OutboxAlertsTable {
  mail_id: string;
  alert_id: string;
  ts: string;
  value: number;
}

export type AlertRow = Selectable<AlertsTable>;
