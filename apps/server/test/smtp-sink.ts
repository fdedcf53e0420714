import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type MailMessage, parseMail } from '@portal/testing/mail-message';

export interface SmtpSink {
  /** smtp:// address to give the portal as SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  received: MailMessage[];
  /** The next message to `to` not yet taken, waiting for it to arrive (5 s at most). */
  next(to: string): Promise<MailMessage>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for the portal to send to. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: MailMessage[] = [];
  const taken = new Set<MailMessage>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const next = async (to: string): Promise<MailMessage> => {
    for (let waited = 0; waited < 5000; waited += 20) {
      const mail = received.find((m) => !taken.has(m) && m.to.includes(to));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no e-mail to ${to} arrived`);
  };
  return { url: `smtp://127.0.0.1:${port}`, received, next, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
