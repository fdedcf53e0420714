import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Letter {
  to: string;
  username: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}

/** A plain text and an HTML part saying the same thing, with the link written out in both. */
function letter({ to, username, subject, intro, action, link, outro }: Letter): Mail {
  const text = `Hello ${username},\n\n${intro}\n\n${link}\n\n${outro}\n`;
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

export function verificationMail(siteName: string, to: string, username: string, link: string): Mail {
  return letter({
    to,
    username,
    subject: `Verify your e-mail for the ${siteName}`,
    intro: `Thank you for signing up to the ${siteName}. Open this link within 24 hours to verify your e-mail address:`,
    action: 'Verify my e-mail',
    link,
    outro: 'If you did not sign up, ignore this message and no account will be activated.',
  });
}

export function resetMail(siteName: string, to: string, username: string, link: string): Mail {
  return letter({
    to,
    username,
    subject: `Reset your password for the ${siteName}`,
    intro: 'Someone asked to reset the password of your account. Open this link within one hour to choose a new password:',
    action: 'Choose a new password',
    link,
    outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
}
