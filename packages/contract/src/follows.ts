import { z } from 'zod/mini';
import { key } from './messages.ts';

/** What can be followed by e-mail: a dataset (its id), a source ('{sector}/{slug}') or a county (its slug). */
export const FOLLOW_KINDS = ['dataset', 'source', 'county'] as const;
export const FollowKindSchema = z.enum(FOLLOW_KINDS, { error: key('follow.kindInvalid') });
export type FollowKind = z.infer<typeof FollowKindSchema>;

/** What to follow or stop following: the kind and the id, as the page's address names it. */
export const FollowTargetSchema = z.object({
  kind: FollowKindSchema,
  target: z
    .string({ error: key('follow.targetRequired') })
    .check(
      z.trim(),
      z.minLength(1, key('follow.targetRequired')),
      z.maxLength(200, key('follow.targetMax')),
      z.regex(/^[A-Za-z0-9._~/-]+$/, key('follow.targetInvalid')),
    ),
});
export type FollowTarget = z.infer<typeof FollowTargetSchema>;

/** A follow as listed: what it is, its title in the reader's language and its page. */
export const FollowSchema = z.object({
  kind: FollowKindSchema,
  target: z.string(),
  title: z.string(),
  /** The page of what is followed, from the site's root. */
  path: z.string(),
  /** ISO date-time the follow was made. */
  createdAt: z.string(),
});
export type Follow = z.infer<typeof FollowSchema>;

/** The token of a one-click unsubscribe link, as the mail carries it. */
export const UnsubscribeParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, key('follow.unsubscribeUnknown'))),
});

/** What an unsubscribe link names, and whether each is still followed. */
export const UnsubscribeStateSchema = z.object({
  // An alert mail's link names the alert by its id.
  follows: z.array(
    z.object({
      kind: z.enum([...FOLLOW_KINDS, 'alert']),
      target: z.string(),
      title: z.string(),
      following: z.boolean(),
    }),
  ),
  message: z.string(),
});
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;
