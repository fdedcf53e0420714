import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '@portal/contract/languages';
import { translator } from '@portal/contract/messages';
import { datasetPath, PAGES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { createUnsubscribeLink } from '@portal/db/queries/follows.queries';
import { mailAlerts } from '@portal/db/queries/alerts.queries';
import { claimMail, dueMails, mailChanges, markMailSent, retryMailLater } from '@portal/db/queries/outbox.queries';
import { findUserById } from '@portal/db/queries/users.queries';
import type { MailRow } from '@portal/db/tables/follows.table';
import { hashToken } from '../plugins/session.ts';
import { alertMail } from './alert-mail.ts';
import { seriesPath } from './alerts.ts';
import { changeMail } from './change-mail.ts';
import { describeFollows } from './follows.ts';
import type { Mail, Mailer } from './mailer.ts';

/** How often each replica looks for mail to send. */
export const OUTBOX_EVERY_MS = 30_000;

/**
 * How long a claim holds: a sender that took a mail and did not record it sent by then is taken
 * for dead, and another sends the mail (ADR 0042). Far longer than an SMTP exchange takes.
 */
export const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** Mails claimed at a time; a sender takes turns of this many until none is due. */
const TURN = 20;

/** A failed mail is tried again 5 minutes later, then 10, ..., at most an hour apart. */
const retryDelay = (attempts: number) => Math.min(attempts + 1, 12) * 5 * 60_000;

export interface OutboxSender {
  /** Sends every mail due at `now` that no other sender holds; returns how many were sent. */
  sendDue(now?: number): Promise<number>;
}

interface OutboxDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
}

/**
 * Sends the outbox's mails. Each is claimed by one UPDATE that a single sender wins, so replicas on
 * one database never send the same mail; it is recorded sent after the SMTP server accepted it.
 */
export function outboxSender(deps: OutboxDeps): OutboxSender {
  const { db, mailer, log } = deps;
  return {
    sendDue: async (now = Date.now()) => {
      const staleBefore = now - CLAIM_TIMEOUT_MS;
      let sent = 0;
      for (;;) {
        const due = await dueMails(db, now, staleBefore, TURN);
        for (const mail of due) {
          const token = randomUUID();
          // Lost to another sender, which sends it.
          if (!(await claimMail(db, mail.id, token, now, staleBefore))) continue;
          try {
            const letter = await (mail.kind === 'alert' ? composeAlert : composeChanges)(deps, mail);
            if (letter) await mailer.send(letter);
            // Recorded as done even with nothing left to say, so it is not looked at again.
            await markMailSent(db, mail.id, token, Date.now());
            if (letter) sent += 1;
          } catch (error) {
            log.warn({ err: error, mail: mail.id }, 'a mail could not be sent; it is tried again later');
            await retryMailLater(db, mail.id, token, now + retryDelay(mail.attempts));
          }
        }
        if (due.length < TURN) return sent;
      }
    },
  };
}

type QueuedMail = Pick<MailRow, 'id' | 'user_id' | 'language'>;

const languageOf = (mail: QueuedMail) => (isLanguage(mail.language) ? mail.language : DEFAULT_LANGUAGE);

/** A new one-click unsubscribe link for what a mail is about, absolute. */
async function unsubscribeLinkFor(
  deps: OutboxDeps,
  userId: string,
  follows: Parameters<typeof createUnsubscribeLink>[1]['follows'],
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await createUnsubscribeLink(deps.db, { tokenHash: hashToken(token), userId, follows, createdAt: Date.now() });
  return new URL(PAGES.unsubscribe(token), deps.publicUrl).href;
}

/** The change mail to send, or null when there is nothing left to say (its user or datasets are gone). */
async function composeChanges(deps: OutboxDeps, mail: QueuedMail): Promise<Mail | null> {
  const { db, publicUrl } = deps;
  const user = await findUserById(db, mail.user_id);
  const rows = await mailChanges(db, mail.id);
  if (!user || !rows.length) return null;
  const language = languageOf(mail);
  const changes = [...new Map(rows.map((r) => [r.id, r])).values()].map((r) => ({
    ...r,
    link: new URL(datasetPath(r.id), publicUrl).href,
  }));
  const followed = [...new Map(rows.map((r) => [`${r.follow_kind}:${r.follow_target}`, r])).values()].map((r) => ({
    kind: r.follow_kind,
    target: r.follow_target,
  }));
  return changeMail(translator(language), {
    siteName: deps.siteName,
    to: user.email,
    changes,
    follows: await describeFollows(db, followed, language),
    unsubscribeLink: await unsubscribeLinkFor(deps, user.id, followed),
    accountLink: new URL(PAGES.account, publicUrl).href,
  });
}

/** The alert mail to send, or null when there is nothing left to say (its user or alerts are gone). */
async function composeAlert(deps: OutboxDeps, mail: QueuedMail): Promise<Mail | null> {
  const { db, publicUrl } = deps;
  const user = await findUserById(db, mail.user_id);
  const rows = await mailAlerts(db, mail.id);
  if (!user || !rows.length) return null;
  const crossings = await Promise.all(
    rows.map(async (r) => {
      const path = await seriesPath(db, r, r.ts);
      return { ...r, unit: r.unit ?? '', link: path && new URL(path, publicUrl).href };
    }),
  );
  return alertMail(translator(languageOf(mail)), {
    siteName: deps.siteName,
    to: user.email,
    language: languageOf(mail),
    crossings,
    unsubscribeLink: await unsubscribeLinkFor(
      deps,
      user.id,
      rows.map((r) => ({ kind: 'alert' as const, target: r.id })),
    ),
    accountLink: new URL(PAGES.account, publicUrl).href,
  });
}
