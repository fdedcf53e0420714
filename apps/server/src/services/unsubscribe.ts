import type { Kysely } from 'kysely';
import type { Language } from '@portal/contract/languages';
import type { Translate } from '@portal/contract/messages';
import type { FollowKind, UnsubscribeState } from '@portal/contract/follows';
import type { Database } from '@portal/db/database';
import { alertsByIds } from '@portal/db/queries/alerts.queries';
import { endLinkedFollows, findUnsubscribeLink } from '@portal/db/queries/follows.queries';
import { notFound } from '../plugins/errors.ts';
import { hashToken } from '../plugins/session.ts';
import { describeFollows } from './follows.ts';

/** What a link ends and whether each is still followed; 404 for an unknown link. */
export async function unsubscribeState(
  db: Kysely<Database>,
  token: string,
  t: Translate,
  language: Language,
): Promise<UnsubscribeState> {
  const named = await findUnsubscribeLink(db, hashToken(token));
  if (!named.length) throw notFound('follow.unsubscribeUnknown');
  const [first] = named;
  const follows = named.filter((n) => n.kind !== 'alert');
  const alertIds = named.filter((n) => n.kind === 'alert').map((n) => n.target);
  const live = await db
    .selectFrom('follows')
    .select(['kind', 'target'])
    .where('user_id', '=', first.user_id)
    .where('created_at', '<=', first.created_at)
    .execute();
  const following = new Set(live.map((f) => `${f.kind}:${f.target}`));
  const described = await describeFollows(
    db,
    follows.map((f) => ({ kind: f.kind as FollowKind, target: f.target })),
    language,
  );
  const alerts = new Map((await alertsByIds(db, first.user_id, alertIds)).map((a) => [a.id, a]));
  const stillFollowed = [
    ...described.map((d) => ({
      kind: d.kind,
      target: d.target,
      title: d.title,
      following: following.has(`${d.kind}:${d.target}`),
    })),
    // An ended alert is gone with its figure's name, so it is named as an alert only.
    ...alertIds.map((id) => {
      const alert = alerts.get(id);
      return {
        kind: 'alert' as const,
        target: id,
        title: alert ? `${alert.variable}, ${alert.county}` : t('alerts.alert'),
        following: !!alert,
      };
    }),
  ];
  return {
    follows: stillFollowed,
    message: t(stillFollowed.some((f) => f.following) ? 'follow.unsubscribeAsk' : 'follow.unsubscribed'),
  };
}

/** Ends what a link names (what is ended already stays so) and says what it names now. */
export async function endFollowsOfLink(
  db: Kysely<Database>,
  token: string,
  t: Translate,
  language: Language,
): Promise<UnsubscribeState> {
  await endLinkedFollows(db, hashToken(token));
  return unsubscribeState(db, token, t, language);
}
