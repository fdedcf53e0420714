import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailConfig {
  /** smtp:// or smtps:// server; when unset, each message is written to a file in `dir`. */
  smtpUrl?: string;
  from: string;
  dir: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; logged when there is no SMTP server, so sign-up works locally. */
  link: string;
  /** Further headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends the portal's e-mail through nodemailer. Without an SMTP server the message is composed the
 * same way and written as an .eml file, and its link is logged.
 */
export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async ({ to, subject, text, html, headers }) => {
        await transport.sendMail({ from: config.from, to, subject, text, html, headers });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ to, subject, text, html, link, headers }) => {
      const info = await transport.sendMail({ from: config.from, to, subject, text, html, headers });
      await mkdir(config.dir, { recursive: true });
      // Time first, so the files sort in the order sent; a random part, so two mails in one millisecond both stay.
      const file = join(
        config.dir,
        `${Date.now()}-${randomUUID().slice(0, 8)}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`,
      );
      // Written whole, then renamed: whoever watches the folder never reads half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log.info({ to, subject, link, file }, 'no SMTP_URL set: e-mail written to a file');
    },
    close: () => transport.close(),
  };
}
