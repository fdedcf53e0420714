import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, parseMail } from '@portal/testing/mail-message';
import { translator } from '@portal/contract/messages';
import { verificationMail } from './account-mail.ts';
import { createMailer } from './mailer.ts';

describe('mail without an SMTP server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mail-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the message as an .eml file and logs its link, so sign-up works locally', async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'KenyaCLEW <no-reply@localhost>', dir }, log);
    const link = 'http://localhost:8080/verify/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    await mailer.send(verificationMail(translator(), 'Kenya CLEW Data Observatory', 'amina@example.org', link));
    mailer.close();

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-[0-9a-f]{8}-amina@example\.org\.eml$/);
    const mail = parseMail(readFileSync(join(dir, files[0]), 'utf8'));
    expect(mail.subject).toBe('Verify your e-mail for the Kenya CLEW Data Observatory');
    expect(linkIn(mail.text, '/verify/')).toBe(link);
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('<p>Hello,</p>');
    expect(logged).toEqual([expect.objectContaining({ to: 'amina@example.org', link, file: join(dir, files[0]) })]);
  });

  it('keeps every message, however many are written in the same millisecond', async () => {
    const log = { info: () => {} } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'KenyaCLEW <no-reply@localhost>', dir }, log);
    const mail = (i: number) => ({
      to: 'amina@example.org',
      subject: `Message ${i}`,
      text: `Body ${i}`,
      html: `<p>Body ${i}</p>`,
      link: '',
    });
    await Promise.all(Array.from({ length: 25 }, (_, i) => mailer.send(mail(i))));
    mailer.close();
    const subjects = readdirSync(dir).map((file) => parseMail(readFileSync(join(dir, file), 'utf8')).subject);
    expect(subjects.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `Message ${i}`).sort());
  });
});
