import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { deleteUnsubscribeLinksBefore } from '@portal/db/queries/follows.queries';
import { deleteExpiredDevices } from '@portal/db/queries/known-devices.queries';
import { deleteMailsSentBefore } from '@portal/db/queries/outbox.queries';
import { deleteExpiredSessions } from '@portal/db/queries/sessions.queries';
import { deleteTokensExpiredBefore } from '@portal/db/queries/tokens.queries';

/** How often each replica sweeps; deletes are idempotent, so replicas need not take turns. */
export const SWEEP_EVERY_MS = 3_600_000;

/**
 * How long a link is kept after it expired: following it in that time still says "expired" or
 * "used" rather than "unknown".
 */
export const ENDED_LINKS_KEPT_MS = 30 * 24 * 3_600_000;

/** How long a sent mail stays in the outbox, for an operator asking what went out. */
export const SENT_MAILS_KEPT_MS = 30 * 24 * 3_600_000;

/** How long a mail's one-click unsubscribe link works: a year, longer than anyone keeps such a mail unread. */
export const UNSUBSCRIBE_LINKS_KEPT_MS = 365 * 24 * 3_600_000;

/**
 * Deletes the sessions that ended, the links that expired long ago, the devices no longer
 * remembered, the mails sent long ago and old unsubscribe links, so no table grows for ever.
 */
export async function sweepExpired(
  db: Kysely<Database>,
  now: number,
): Promise<{ sessions: number; links: number; devices: number; mails: number; unsubscribeLinks: number }> {
  return {
    sessions: await deleteExpiredSessions(db, now),
    links: await deleteTokensExpiredBefore(db, now - ENDED_LINKS_KEPT_MS),
    devices: await deleteExpiredDevices(db, now),
    mails: await deleteMailsSentBefore(db, now - SENT_MAILS_KEPT_MS),
    unsubscribeLinks: await deleteUnsubscribeLinksBefore(db, now - UNSUBSCRIBE_LINKS_KEPT_MS),
  };
}
