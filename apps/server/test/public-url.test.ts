import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { linkIn } from '@portal/testing/mail-message';
import { call } from './http.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const PUBLIC_URL = 'https://data.example.ke';
const HOSTILE = 'attacker.example';
/** A request that names another host every way it can, through a proxy the portal trusts. */
const elsewhere = { host: HOSTILE, 'x-forwarded-host': HOSTILE, 'x-forwarded-proto': 'http' };

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`absolute addresses on ${dialect}`, () => {
    let server: TestApp;
    let smtp: SmtpSink;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      server = await buildTestApp(dialect, { publicUrl: PUBLIC_URL, smtpUrl: smtp.url, trustProxy: 1 });
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it("builds the reference's snippets, the sitemap, robots.txt and the catalogue from PUBLIC_URL, whatever the Host", async () => {
      for (const path of [API.openapi, '/sitemap.xml', '/robots.txt', API.catalog]) {
        const answer = await call(server, path, { headers: elsewhere });
        expect(answer.status, path).toBe(200);
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        expect(text, path).toContain(PUBLIC_URL);
        expect(text, path).not.toContain(HOSTILE);
      }
    });

    it('writes the links of e-mails from PUBLIC_URL, whatever the Host', async () => {
      await addUser(server.db, 'host@example.org', 'the right password');
      expect(
        (await call(server, API.forgotPassword, { body: { email: 'host@example.org' }, headers: elsewhere })).status,
      ).toBe(200);
      const mail = await smtp.next('host@example.org');
      expect(linkIn(mail.text, '/reset/').startsWith(`${PUBLIC_URL}/reset/`)).toBe(true);
      expect(mail.text + mail.html).not.toContain(HOSTILE);
    });
  });
}
