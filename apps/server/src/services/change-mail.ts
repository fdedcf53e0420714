import escapeHtml from 'escape-html';
import type { Translate } from '@portal/contract/messages';
// The e-mails' and read-mes' texts, which only the server writes.
import '@portal/contract/messages-documents';
import type { DescribedFollow } from './follows.ts';
import { listMail } from './list-mail.ts';
import type { Mail } from './mailer.ts';

/** One dataset version a change mail lists: values added, removed and changed (null: a first load). */
export interface ListedChange {
  title: string;
  /** The dataset page, absolute. */
  link: string;
  added: number | null;
  removed: number | null;
  changed: number | null;
  first_changed: string | null;
  last_changed: string | null;
}

interface ChangeLetter {
  siteName: string;
  to: string;
  changes: ListedChange[];
  follows: DescribedFollow[];
  /** The one-click link that ends the follows this mail is about (RFC 8058). */
  unsubscribeLink: string;
  accountLink: string;
}

function describeChange(t: Translate, change: ListedChange): string {
  if (change.added === null) return t('mail.changes.newDataset');
  const counts = t('mail.changes.counts', {
    added: change.added,
    removed: change.removed ?? 0,
    changed: change.changed ?? 0,
  });
  return change.first_changed && change.last_changed
    ? `${counts}; ${t('mail.changes.period', { first: change.first_changed, last: change.last_changed })}`
    : counts;
}

/**
 * The mail after an import: every dataset it changed that the user follows, each with its page,
 * then why it came and how to stop it.
 */
export function changeMail(t: Translate, letter: ChangeLetter): Mail {
  const items = letter.changes.map((c) => {
    const what = describeChange(t, c);
    return {
      text: `- ${c.title}: ${what}\n  ${c.link}`,
      html: `<a href="${escapeHtml(c.link)}">${escapeHtml(c.title)}</a>: ${escapeHtml(what)}`,
    };
  });
  return listMail(t, letter, {
    subject: t('mail.changes.subject', { siteName: letter.siteName }),
    intro: t('mail.changes.intro'),
    items,
    because: t('mail.changes.because', { follows: letter.follows.map((f) => f.title).join(', ') }),
    unsubscribe: t('mail.changes.unsubscribe'),
    manage: t('mail.changes.manage'),
  });
}
