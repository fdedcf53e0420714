import escapeHtml from 'escape-html';
import type { Translate } from '@portal/contract/messages';
// The e-mails' and read-mes' texts, which only the server writes.
import '@portal/contract/messages-documents';
import type { Mail } from './mailer.ts';

interface Letter {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}

/**
 * A plain text and an HTML part saying the same thing, with the link written out in both. Nothing
 * the sign-up form took is repeated: anyone may sign up with another's address, and a 'name' with a
 * link in it would otherwise reach that person in a mail from the portal.
 */
function letter(t: Translate, { to, subject, intro, action, link, outro }: Letter): Mail {
  const greeting = t('mail.greeting');
  const text = `${greeting}\n\n${intro}\n\n${link}\n\n${outro}\n`;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(t('mail.linkFallback'))}<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

export function verificationMail(t: Translate, siteName: string, to: string, link: string): Mail {
  return letter(t, {
    to,
    subject: t('mail.verify.subject', { siteName }),
    intro: t('mail.verify.intro', { siteName }),
    action: t('mail.verify.action'),
    link,
    outro: t('mail.verify.outro'),
  });
}

export function resetMail(t: Translate, siteName: string, to: string, link: string): Mail {
  return letter(t, {
    to,
    subject: t('mail.reset.subject', { siteName }),
    intro: t('mail.reset.intro'),
    action: t('mail.reset.action'),
    link,
    outro: t('mail.reset.outro'),
  });
}

/** To the owner of a verified account whose address was used to sign up again. */
export function registeredMail(t: Translate, siteName: string, to: string, loginLink: string): Mail {
  return letter(t, {
    to,
    subject: t('mail.registered.subject', { siteName }),
    intro: t('mail.registered.intro', { siteName }),
    action: t('mail.registered.action'),
    link: loginLink,
    outro: t('mail.registered.outro'),
  });
}
