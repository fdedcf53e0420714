import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { openTemplateCopy, type TestDatabase } from '@portal/db/testing';
import { redisReachable, TEST_REDIS_URL } from '@portal/testing/redis';
import { AUTH_LIMITS } from '../src/plugins/auth-limits.ts';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';

const READS_PER_MINUTE = 3;
const from = (address: string) => ({ 'x-forwarded-for': address });
const preview = { start: '2019-01-01', end: '2019-12-31', variables: ['Farming households'], locations: ['Nakuru'] };

describe.skipIf(!(await redisReachable()))('rate limits shared by two replicas through Redis', () => {
  let database: TestDatabase;
  let replicas: TestApp[];

  beforeAll(async () => {
    database = await openTemplateCopy('sqlite', 'catalogue');
    await addUser(database.db, 'target@example.org', 'the right password');
    await addUser(database.db, 'owner@example.org', 'the right password');
    // Keys of their own, so runs of this test (and other users of the server) do not count together.
    const rateLimitStore = { redisUrl: TEST_REDIS_URL, keyPrefix: `portal-test:${randomUUID()}:` };
    const options = { database, rateLimitStore, trustProxy: 1, readsPerMinute: READS_PER_MINUTE };
    replicas = [await buildTestApp('sqlite', options), await buildTestApp('sqlite', options)];
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    await database?.cleanup();
  });

  /** The replica a load balancer would pick for the i-th call: each in turn. */
  const replica = (i: number) => replicas[i % replicas.length];

  it('refuses password guessing at the same total however the guesses are spread over the replicas', async () => {
    const [{ max }] = AUTH_LIMITS.login.failed;
    for (let i = 0; i < max; i += 1) {
      const answer = await call(replica(i), API.login, {
        body: { email: 'target@example.org', password: `guess number ${i}` },
        headers: from(`10.0.0.${i}`),
      });
      expect(answer.status, `guess ${i + 1}`).toBe(401);
    }
    for (const each of replicas) {
      const refused = await call(each, API.login, {
        body: { email: 'target@example.org', password: 'the right password' },
        headers: from('10.0.0.99'),
      });
      expect(refused.status).toBe(429);
    }
  });

  it("lets a browser that logged in through one replica in through the other while strangers' guesses hold the account", async () => {
    const login = (i: number, password: string, device?: string) =>
      call(replica(i), API.login, {
        body: { email: 'owner@example.org', password },
        headers: from('10.0.3.1'),
        device,
      });
    const { device } = await login(0, 'the right password');
    const [{ max }] = AUTH_LIMITS.login.failed;
    for (let i = 0; i < max; i += 1) expect((await login(i, `guess number ${i}`)).status).toBe(401);
    expect((await login(0, 'the right password')).status).toBe(429);
    expect((await login(1, 'the right password', device)).status).toBe(200);
  });

  it('counts the reads of one client on every replica together', async () => {
    for (let i = 0; i < READS_PER_MINUTE; i += 1) {
      expect(
        (await call(replica(i), API.preview, { body: preview, headers: from('10.0.1.1') })).status,
        `read ${i + 1}`,
      ).toBe(200);
    }
    for (const each of replicas)
      expect((await call(each, API.preview, { body: preview, headers: from('10.0.1.1') })).status).toBe(429);
    expect((await call(replica(0), API.preview, { body: preview, headers: from('10.0.1.2') })).status).toBe(200);
  });

  it('keeps the counts of limiters keyed alike apart (reset requests and sign-ups of one e-mail)', async () => {
    const email = 'newcomer@example.org';
    for (let i = 0; i < AUTH_LIMITS.forgotPassword.perEmail.max; i += 1) {
      expect(
        (await call(replica(i), API.forgotPassword, { body: { email }, headers: from(`10.0.2.${i}`) })).status,
      ).toBe(200);
    }
    expect((await call(replica(0), API.forgotPassword, { body: { email }, headers: from('10.0.2.99') })).status).toBe(
      429,
    );
    const signup = {
      username: 'Someone',
      email,
      password: 'a password',
      confirmPW: 'a password',
      organization: 'Org',
      country: 'Kenya',
      useOfData: 'Reading about water',
    };
    expect((await call(replica(1), API.signup, { body: signup, headers: from('10.0.2.100') })).status).toBeLessThan(
      429,
    );
  });
});

describe('rate limits while their Redis is unreachable', () => {
  let server: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1, so every count fails.
    server = await buildTestApp('sqlite', { rateLimitStore: { redisUrl: 'redis://127.0.0.1:1' } });
    await addUser(server.db, 'someone@example.org', 'the right password');
  });
  afterAll(() => server?.close());

  it('serves the reads of data unmetered, and refuses logins rather than let guessing through', async () => {
    expect((await call(server, API.preview, { body: preview })).status).toBe(200);
    const login = await call(server, API.login, {
      body: { email: 'someone@example.org', password: 'the right password' },
    });
    expect(login.status).toBe(500);
    expect(login.session).toBeUndefined();
  });
});
