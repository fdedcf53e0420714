import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { call } from './http.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { addUser } from './users.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

const credentials = { email: 'njeri@example.org', password: 'a good password' };

/** The attributes of the session cookie an answer sets, lower-cased, without its value. */
function cookieAttributes(headers: Headers): string[] {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`session cookie and cross-site requests on ${dialect}`, () => {
    let plain: TestServer;
    let secure: TestServer;

    beforeAll(async () => {
      plain = await startTestServer(dialect, { publicUrl: 'http://portal.test' });
      secure = await startTestServer(dialect, { publicUrl: 'https://data.portal.test' });
      for (const server of [plain, secure]) await addUser(server.db, credentials.email, credentials.password);
    });
    afterAll(async () => {
      await plain?.close();
      await secure?.close();
    });

    it('sends the session as an HttpOnly, SameSite=Lax cookie for the whole site, two weeks long', async () => {
      const answer = await call(plain, API.login, { body: credentials });
      const attributes = cookieAttributes(answer.headers);
      expect(attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${14 * 24 * 3600}`]),
      );
      expect(attributes).not.toContain('secure');
    });

    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const answer = await call(secure, API.login, { body: credentials });
      expect(cookieAttributes(answer.headers)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    });

    it('clears the cookie on logout with the same attributes', async () => {
      const { session } = await call(secure, API.login, { body: credentials });
      const answer = await call(secure, API.logout, { body: { email: credentials.email }, session });
      expect(answer.session).toBe('');
      expect(cookieAttributes(answer.headers)).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
    });

    it('refuses state-changing requests that a browser says come from another site', async () => {
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'http://sub.portal.test' },
        { origin: 'null' },
      ];
      for (const headers of attempts) {
        const answer = await call(plain, API.login, { body: credentials, headers });
        expect(answer).toMatchObject({ status: 403, body: { error: t('auth.crossSite'), code: 'CROSS_SITE_REQUEST' } });
        expect(answer.session).toBeUndefined();
      }
      const asApi = await call(plain, API.apiTokens, {
        body: { name: 'x' },
        headers: { origin: 'https://evil.example' },
      });
      expect(asApi).toMatchObject({ status: 403, body: { error: { code: 'CROSS_SITE_REQUEST' } } });
    });

    it('lets through its own pages (by PUBLIC_URL or by Host), tools without browser headers, and reads', async () => {
      const allowed: Record<string, string>[] = [
        { origin: 'http://portal.test', 'sec-fetch-site': 'same-origin' },
        { origin: plain.url, 'sec-fetch-site': 'same-origin' },
        {},
      ];
      for (const headers of allowed)
        expect((await call(plain, API.login, { body: credentials, headers })).status).toBe(200);
      expect(
        (
          await call(plain, API.sectors, {
            headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(200);
    });
  });
}
