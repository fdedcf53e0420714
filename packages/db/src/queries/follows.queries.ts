import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { FollowKind, NewFollow, UnsubscribeLinksTable } from '../tables/follows.table.ts';

type Db = Kysely<Database>;

/** What a user follows, newest first. */
export function listFollows(db: Db, userId: string) {
  return db
    .selectFrom('follows')
    .select(['kind', 'target', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('kind')
    .orderBy('target')
    .execute();
}

/** Follows something; following it again keeps the first follow. */
export async function addFollow(db: Db, follow: NewFollow): Promise<void> {
  await db
    .insertInto('follows')
    .values(follow)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'target']).doNothing())
    .execute();
}

/** Ends a follow; false when the user did not follow it. */
export async function removeFollow(db: Db, userId: string, kind: FollowKind, target: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follows')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('target', '=', target)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Stores an unsubscribe link for the follows (or alerts) it ends. */
export async function createUnsubscribeLink(
  db: Db,
  link: {
    tokenHash: string;
    userId: string;
    follows: { kind: UnsubscribeLinksTable['kind']; target: string }[];
    createdAt: number;
  },
): Promise<void> {
  if (!link.follows.length) return;
  await db
    .insertInto('unsubscribe_links')
    .values(
      link.follows.map(({ kind, target }) => ({
        token_hash: link.tokenHash,
        user_id: link.userId,
        kind,
        target,
        created_at: link.createdAt,
      })),
    )
    .execute();
}

/** The follows an unsubscribe link names (ended or not); empty when the link is unknown. */
export function findUnsubscribeLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('unsubscribe_links')
    .select(['user_id', 'kind', 'target', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .orderBy('kind')
    .orderBy('target')
    .execute();
}

/**
 * Ends the follows and alerts a link names that were made before the link: a follow made again
 * later is not ended by an old mail's link. Returns how many ended now.
 */
export async function endLinkedFollows(db: Db, tokenHash: string): Promise<number> {
  const alerts = await db
    .deleteFrom('alerts')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('unsubscribe_links as u')
          .select('u.token_hash')
          .where('u.token_hash', '=', tokenHash)
          .where('u.kind', '=', 'alert')
          .whereRef('u.user_id', '=', 'alerts.user_id')
          .whereRef('u.target', '=', 'alerts.id'),
      ),
    )
    .executeTakeFirst();
  const result = await db
    .deleteFrom('follows')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('unsubscribe_links as u')
          .select('u.token_hash')
          .where('u.token_hash', '=', tokenHash)
          .whereRef('u.user_id', '=', 'follows.user_id')
          .whereRef('u.kind', '=', 'follows.kind')
          .whereRef('u.target', '=', 'follows.target')
          .whereRef('u.created_at', '>=', 'follows.created_at'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) + Number(alerts.numDeletedRows);
}

/** Deletes the unsubscribe links made before `before`; returns how many follows they named. */
export async function deleteUnsubscribeLinksBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('unsubscribe_links').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
