import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type MailMessage, parseMail } from '@portal/testing/mail-message';

export interface SmtpSink {
  /** smtp:// address to give the portal as SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  received: MailMessage[];
  /** The next message to `to` not yet taken, as soon as it arrives; fails after 20 s, which only a lost message takes. */
  next(to: string): Promise<MailMessage>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for the portal to send to. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: MailMessage[] = [];
  const taken = new Set<MailMessage>();
  /** The calls of `next` still waiting, each told of every message that arrives. */
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const next = (to: string): Promise<MailMessage> =>
    new Promise((resolve, reject) => {
      const look = () => {
        const mail = received.find((m) => !taken.has(m) && m.to.includes(to));
        if (!mail) return;
        taken.add(mail);
        stop();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no e-mail to ${to} arrived`));
      }, 20_000);
      const stop = () => {
        clearTimeout(timer);
        listeners.delete(look);
      };
      listeners.add(look);
      look();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
