import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { AUTH_LIMITS } from '../src/plugins/auth-limits.ts';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const TOO_MANY = /^Too many attempts\. Please wait \d+ (seconds?|minutes?|hours?) and try again\.$/;
const from = (address: string) => ({ 'x-forwarded-for': address });
const fakeId = 'x'.repeat(43);

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`rate limits of the account routes on ${dialect}`, () => {
    let server: TestApp;
    let direct: TestApp;

    beforeAll(async () => {
      // Behind one trusted proxy, X-Forwarded-For names the client: the tests act as many clients.
      server = await buildTestApp(dialect, { trustProxy: 1 });
      direct = await buildTestApp(dialect);
      await addUser(server.db, 'target@example.org', 'the right password');
      await addUser(server.db, 'busy@example.org', 'the right password');
      await addUser(server.db, 'crowd@example.org', 'the right password');
    });
    afterAll(async () => {
      await server?.close();
      await direct?.close();
    });

    it('stops password guessing on one account, with a text to show, and leaves other accounts alone', async () => {
      const [{ max }] = AUTH_LIMITS.login.failed;
      for (let i = 0; i < max; i += 1) {
        const answer = await call(server, API.login, {
          body: { email: 'target@example.org', password: `guess number ${i}` },
          headers: from('10.0.0.1'),
        });
        expect(answer.status).toBe(401);
      }
      const refused = await call(server, API.login, {
        body: { email: 'target@example.org', password: 'the right password' },
        headers: from('10.0.9.9'),
      });
      expect(refused).toMatchObject({
        status: 429,
        body: { code: 'RATE_LIMITED', error: expect.stringMatching(TOO_MANY) },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.session).toBeUndefined();
      // Other accounts are not affected, even from the guessing address.
      const other = await call(server, API.login, {
        body: { email: 'busy@example.org', password: 'the right password' },
        headers: from('10.0.0.1'),
      });
      expect(other.status).toBe(200);
    });

    it('does not count successful logins against the account', async () => {
      for (let i = 0; i <= AUTH_LIMITS.login.failed[0].max; i += 1) {
        const answer = await call(server, API.login, {
          body: { email: 'busy@example.org', password: 'the right password' },
          headers: from('10.0.2.1'),
        });
        expect(answer.status).toBe(200);
      }
    });

    it('limits the logins of one address from browsers the accounts do not know, not from those they know', async () => {
      const { max } = AUTH_LIMITS.login.perIp;
      const logIn = (device?: string) =>
        call(server, API.login, {
          body: { email: 'crowd@example.org', password: 'the right password' },
          headers: from('10.0.8.1'),
          device,
        });
      const first = await logIn();
      expect(first.status).toBe(200);
      for (let i = 1; i < max; i += 1) expect((await logIn()).status).toBe(200);
      expect(await logIn()).toMatchObject({ status: 429, body: { error: expect.stringMatching(TOO_MANY) } });
      expect((await logIn(first.device)).status).toBe(200);
    });

    it('limits reset requests and sign-ups per e-mail, since each sends an e-mail', async () => {
      const limit = AUTH_LIMITS.forgotPassword.perEmail.max;
      for (let i = 0; i < limit; i += 1) {
        expect(
          (
            await call(server, API.forgotPassword, {
              body: { email: 'target@example.org' },
              headers: from(`10.0.3.${i}`),
            })
          ).status,
        ).toBe(200);
      }
      const refused = await call(server, API.forgotPassword, {
        body: { email: 'target@example.org' },
        headers: from('10.0.3.99'),
      });
      expect(refused).toMatchObject({ status: 429, body: { error: expect.stringMatching(TOO_MANY) } });

      const signup = {
        username: 'Someone',
        email: 'newcomer@example.org',
        password: 'a password',
        confirmPW: 'a password',
        organization: 'Org',
        country: 'Kenya',
        useOfData: 'Reading about water',
      };
      for (let i = 0; i < AUTH_LIMITS.signup.perEmail.max; i += 1) {
        expect((await call(server, API.signup, { body: signup, headers: from(`10.0.4.${i}`) })).status).toBeLessThan(
          429,
        );
      }
      expect((await call(server, API.signup, { body: signup, headers: from('10.0.4.99') })).status).toBe(429);
    });

    it('limits each client address, and only that address', async () => {
      const { max } = AUTH_LIMITS.link.perIp;
      for (let i = 0; i < max; i += 1) {
        expect((await call(server, API.verify, { body: { id: fakeId }, headers: from('10.0.5.1') })).status).toBe(400);
      }
      expect(await call(server, API.verify, { body: { id: fakeId }, headers: from('10.0.5.1') })).toMatchObject({
        status: 429,
        body: { error: expect.stringMatching(TOO_MANY) },
      });
      expect((await call(server, API.verify, { body: { id: fakeId }, headers: from('10.0.5.2') })).status).toBe(400);
    });

    it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick its address', async () => {
      const { max } = AUTH_LIMITS.link.perIp;
      for (let i = 0; i < max; i += 1) {
        expect((await call(direct, API.verify, { body: { id: fakeId }, headers: from(`10.1.0.${i}`) })).status).toBe(
          400,
        );
      }
      expect((await call(direct, API.verify, { body: { id: fakeId }, headers: from('10.1.1.1') })).status).toBe(429);
    });
  });
}
