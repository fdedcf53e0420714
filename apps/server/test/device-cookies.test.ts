import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { AUTH_LIMITS } from '../src/plugins/auth-limits.ts';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from '../src/plugins/known-devices.ts';
import { issueLink } from '../src/services/one-time-links.ts';
import { type Answer, call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const from = (address: string) => ({ 'x-forwarded-for': address });
const [firstStep] = AUTH_LIMITS.login.failed;
const TOO_MANY = /^Too many attempts\. Please wait \d+ (seconds?|minutes?|hours?) and try again\.$/;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`device cookies on ${dialect}`, () => {
    let server: TestApp;

    const login = (email: string, password: string, options: { device?: string; address?: string } = {}) =>
      call(server, API.login, {
        body: { email, password },
        device: options.device,
        headers: from(options.address ?? '10.9.9.9'),
      });
    /** Logs in with the right password and returns the device cookie the answer set. */
    const ownerDevice = async (email: string, address = '10.8.8.8') => {
      const answer = await login(email, 'the right password', { address });
      expect(answer.status).toBe(200);
      return answer.device!;
    };
    /** Wrong passwords from one browser and address until one is refused; the failures and the wait. */
    const failUntilRefused = async (email: string, options: { device?: string; address?: string } = {}) => {
      let failures = 0;
      for (;;) {
        const answer = await login(email, `wrong guess ${failures}`, options);
        if (answer.status === 401) failures += 1;
        else {
          expect(answer).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: TOO_MANY } });
          return { failures, wait: Number(answer.headers.get('retry-after')), text: answer.body.error as string };
        }
      }
    };
    /** Counts the password checks argon2 makes while `work` runs (a spy: argon2 still does them). */
    const passwordChecks = async (work: () => Promise<unknown>) => {
      const verify = vi.spyOn(argon2, 'verify');
      try {
        await work();
        return verify.mock.calls.length;
      } finally {
        verify.mockRestore();
      }
    };

    beforeAll(async () => {
      // Behind one trusted proxy, X-Forwarded-For names the client: the tests act as many clients.
      server = await buildTestApp(dialect, { trustProxy: 1 });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('lets the owner in at once from a browser that logged in before, after 300 failures from 30 addresses', async () => {
      await addUser(server.db, 'owner@example.org', 'the right password');
      const device = await ownerDevice('owner@example.org');
      const guesses = [];
      for (let i = 0; i < 300; i += 1)
        guesses.push(await login('owner@example.org', `wrong guess ${i}`, { address: `10.1.${i % 30}.1` }));
      expect(guesses.filter((g) => g.status === 401)).toHaveLength(firstStep.max);
      expect(guesses.filter((g) => g.status === 429)).toHaveLength(300 - firstStep.max);
      // A stranger's browser is held up even with the right password; the owner's is not, from any address.
      expect((await login('owner@example.org', 'the right password', { address: '10.1.0.1' })).status).toBe(429);
      const owner = await login('owner@example.org', 'the right password', { device, address: '10.1.0.1' });
      expect(owner.status).toBe(200);
      expect(owner.session).toBeTruthy();
      expect(owner.device).toBe(device);
    });

    it('makes a browser the account does not know wait longer the more it fails, and forgets in a day', async () => {
      await addUser(server.db, 'slow@example.org', 'the right password');
      vi.useFakeTimers({ toFake: ['Date'] });
      const steps: { failures: number; wait: number; text: string }[] = [];
      try {
        const checks = await passwordChecks(async () => {
          while (steps.length < 8) {
            const step = await failUntilRefused('slow@example.org', { address: '10.2.0.1' });
            steps.push(step);
            vi.setSystemTime(Date.now() + step.wait * 1000);
          }
        });
        // 40 failures a day at most, with waits of a minute, then ten minutes, an hour and a day.
        expect(steps.map((s) => s.failures)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
        expect(checks).toBe(40);
        const waits = steps.map((s) => s.wait);
        expect(waits[0]).toBeLessThanOrEqual(60);
        expect(waits[1]).toBeGreaterThan(60);
        expect(waits[3]).toBeGreaterThan(600);
        expect(waits[7]).toBeGreaterThan(3600);
        expect(steps[7].text).toMatch(/Please wait \d+ hours? and try again/);
        // The day's wait is over: a stranger may try again.
        expect((await login('slow@example.org', 'the right password', { address: '10.2.0.1' })).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses failures past the limit before the password is hashed, however many arrive at once', async () => {
      await addUser(server.db, 'flooded@example.org', 'the right password');
      // A hundred guesses at once from twenty addresses: no more checks than the first step allows.
      const burst = () =>
        Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            login('flooded@example.org', `wrong guess ${i}`, { address: `10.3.${i % 20}.1` }),
          ),
        );
      let answers: Answer[] = [];
      expect(
        await passwordChecks(async () => {
          answers = await burst();
        }),
      ).toBeLessThanOrEqual(firstStep.max);
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      // Until the limit is reached, one at a time; past it, none at all.
      await failUntilRefused('flooded@example.org', { address: '10.3.99.1' });
      expect(await passwordChecks(burst)).toBe(0);
      expect(await passwordChecks(() => login('flooded@example.org', 'the right password'))).toBe(0);
    });

    it('sends an unforgeable, HttpOnly, SameSite=Lax cookie for the login call, Secure behind https', async () => {
      await addUser(server.db, 'cookie@example.org', 'the right password');
      const answer = await login('cookie@example.org', 'the right password');
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
      expect(answer.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain(`Path=${API.login}`);
      expect(cookie).toContain(`Max-Age=${DEVICE_TTL_MS / 1000}`);
      expect(cookie).not.toContain('Secure');
      // Only its hash is stored.
      const stored = await server.db.selectFrom('known_devices').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(answer.device);

      const https = await buildTestApp(dialect, { publicUrl: 'https://portal.example.org' });
      try {
        await addUser(https.db, 'cookie@example.org', 'the right password');
        const secure = await call(https, API.login, {
          body: { email: 'cookie@example.org', password: 'the right password' },
        });
        expect(secure.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toContain('Secure');
      } finally {
        await https.close();
      }
    });

    it('vouches only for the accounts that logged in with it, and a token it did not issue vouches for none', async () => {
      await addUser(server.db, 'first@example.org', 'the right password');
      await addUser(server.db, 'second@example.org', 'the right password');
      const device = await ownerDevice('first@example.org');
      await failUntilRefused('second@example.org', { address: '10.4.0.1' });
      await failUntilRefused('first@example.org', { address: '10.4.0.1' });
      // The first account's browser is a stranger to the second, and a made-up token to both.
      expect((await login('second@example.org', 'the right password', { device })).status).toBe(429);
      const forged = 'A'.repeat(43);
      expect((await login('first@example.org', 'the right password', { device: forged })).status).toBe(429);
      expect((await login('first@example.org', 'the right password', { device })).status).toBe(200);
    });

    it('limits a known browser on its own failures, so a stolen cookie gives no unlimited guesses', async () => {
      await addUser(server.db, 'stolen@example.org', 'the right password');
      const stolen = await ownerDevice('stolen@example.org', '10.5.0.1');
      const other = await ownerDevice('stolen@example.org', '10.5.0.2');
      expect(other).not.toBe(stolen);
      const { failures } = await failUntilRefused('stolen@example.org', { device: stolen, address: '10.5.1.1' });
      expect(failures).toBe(firstStep.max);
      expect(await passwordChecks(() => login('stolen@example.org', 'a wrong guess', { device: stolen }))).toBe(0);
      // The owner's other browser, and strangers, are not held up by it.
      expect((await login('stolen@example.org', 'the right password', { device: other })).status).toBe(200);
      expect((await login('stolen@example.org', 'the right password', { address: '10.5.2.1' })).status).toBe(200);
    });

    it('forgets the browsers of an account whose password is changed', async () => {
      await addUser(server.db, 'changed@example.org', 'the right password');
      const device = await ownerDevice('changed@example.org');
      const session = (await login('changed@example.org', 'the right password', { device })).session!;
      const changed = await call(server, API.accountPassword, {
        session,
        body: { currentPassword: 'the right password', password: 'a new password', confirmPW: 'a new password' },
      });
      expect(changed.status).toBe(200);
      await failUntilRefused('changed@example.org', { address: '10.6.0.1' });
      expect((await login('changed@example.org', 'a new password', { device })).status).toBe(429);
    });

    it('forgets the browsers of an account whose password is reset', async () => {
      const userId = await addUser(server.db, 'reset@example.org', 'the right password');
      const device = await ownerDevice('reset@example.org');
      const id = await issueLink(server.db, userId, 'reset', Date.now());
      const reset = await call(server, API.resetPassword, {
        body: { id, password: 'a new password', confirmPW: 'a new password' },
      });
      expect(reset.status).toBe(200);
      await failUntilRefused('reset@example.org', { address: '10.6.1.1' });
      expect((await login('reset@example.org', 'a new password', { device })).status).toBe(429);
    });

    it('leaves personal API tokens working while strangers are held up', async () => {
      await addUser(server.db, 'scripted@example.org', 'the right password');
      const session = (await login('scripted@example.org', 'the right password')).session!;
      const { token } = (await call(server, API.apiTokens, { session, body: { name: 'script' } })).body as {
        token: string;
      };
      await failUntilRefused('scripted@example.org', { address: '10.7.0.1' });
      // Past the login check to the route itself (there is no such dataset), where a bad token is refused.
      const csv = (bearer: string) =>
        call(server, API.datasetObservationsCsv('no-such-dataset'), {
          headers: { authorization: `Bearer ${bearer}`, ...from('10.7.0.1') },
        });
      expect(await csv(token)).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
      expect((await csv(`kclew_${'x'.repeat(43)}`)).status).toBe(401);
    });
  });
}
