import escapeHtml from 'escape-html';
import type { Translate } from '@portal/contract/messages';
import type { Mail } from './mailer.ts';

/** An item of a list mail, as plain text and as HTML. */
export interface ListItem {
  text: string;
  html: string;
}

/**
 * A mail the reader asked for by following or setting an alert: a greeting, an intro, the items, an
 * optional line on why it came, then how to stop it in one click and where to see everything followed.
 * Headers for one-click unsubscribe (RFC 8058) let the reader's mail program offer the button itself.
 */
export function listMail(
  t: Translate,
  letter: { to: string; unsubscribeLink: string; accountLink: string },
  parts: { subject: string; intro: string; items: ListItem[]; because?: string; unsubscribe: string; manage: string },
): Mail {
  const { unsubscribeLink, accountLink } = letter;
  const link = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const because = parts.because === undefined ? [] : [parts.because];
  const text = [
    t('mail.greeting'),
    '',
    parts.intro,
    '',
    ...parts.items.map((item) => item.text),
    '',
    ...because,
    `${parts.unsubscribe} ${unsubscribeLink}`,
    `${parts.manage} ${accountLink}`,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t('mail.greeting'))}</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    '<ul>',
    ...parts.items.map((item) => `<li>${item.html}</li>`),
    '</ul>',
    ...because.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(parts.unsubscribe)} ${link(unsubscribeLink)}</p>`,
    `<p>${escapeHtml(parts.manage)} ${link(accountLink)}</p>`,
  ].join('\n');
  return {
    to: letter.to,
    subject: parts.subject,
    text,
    html,
    link: unsubscribeLink,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
