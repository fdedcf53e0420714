import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiTokenSchema, CreatedApiTokenSchema, MAX_API_TOKENS } from '@portal/contract/account';
import { API } from '@portal/contract/paths';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { testDialects } from '@portal/db/testing';
import { call } from './http.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { addUser } from './users.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`My account on ${dialect}`, () => {
    let server: TestApp;
    let userId: string;
    let session: string;
    const login = async (password: string) =>
      (await call(server, API.login, { body: { email: 'wanjiru@example.org', password } })).session!;

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      userId = await addUser(server.db, 'wanjiru@example.org', 'first password');
      await addUser(server.db, 'other@example.org', 'other password');
      session = await login('first password');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('shows the profile and the export history, newest first, only to its owner', async () => {
      await recordExport(server.db, userId, 'Timeseries: Energy / Access, 2019-01-01 to 2023-12-31');
      const profile = await call(server, API.account, { session });
      expect(profile.body).toMatchObject({
        email: 'wanjiru@example.org',
        username: 'Test User',
        organization: 'Test Organisation',
      });
      const history = await call(server, API.accountExports, { session });
      expect(history.body).toEqual([
        {
          what: 'Timeseries: Energy / Access, 2019-01-01 to 2023-12-31',
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect(await call(server, API.accountExports)).toMatchObject({
        status: 401,
        body: { error: { code: 'LOGIN_REQUIRED', message: 'Log in to see your account.' } },
      });
    });

    it('creates an API token shown once, lists it without the secret and revokes it', async () => {
      const created = await call(server, API.apiTokens, { session, body: { name: 'laptop script' } });
      expect(created.status).toBe(201);
      const token = CreatedApiTokenSchema.parse(created.body);
      expect(token.token).toMatch(/^kclew_[A-Za-z0-9_-]{43}$/);
      const listed = z.array(ApiTokenSchema).parse((await call(server, API.apiTokens, { session })).body);
      expect(listed).toEqual([{ id: token.id, name: 'laptop script', createdAt: token.createdAt, lastUsedAt: null }]);
      expect(JSON.stringify(listed)).not.toContain(token.token);

      // The token opens data routes, not the account: it cannot mint tokens or read the profile.
      const viaToken = await call(server, API.apiTokens, { headers: { authorization: `Bearer ${token.token}` } });
      expect(viaToken.status).toBe(401);

      const otherSession = (
        await call(server, API.login, { body: { email: 'other@example.org', password: 'other password' } })
      ).session!;
      expect(await call(server, API.apiToken(token.id), { method: 'DELETE', session: otherSession })).toMatchObject({
        status: 404,
        body: { error: { message: t('apiToken.notFound') } },
      });
      expect((await call(server, API.apiToken(token.id), { method: 'DELETE', session })).status).toBe(204);
      expect((await call(server, API.apiTokens, { session })).body).toEqual([]);
    });

    it(`allows at most ${MAX_API_TOKENS} tokens at a time`, async () => {
      for (let i = 0; i < MAX_API_TOKENS; i += 1) {
        expect((await call(server, API.apiTokens, { session, body: { name: `token ${i}` } })).status).toBe(201);
      }
      expect(await call(server, API.apiTokens, { session, body: { name: 'one more' } })).toMatchObject({
        status: 409,
        body: { error: { code: 'TOO_MANY_TOKENS', message: t('apiToken.tooMany', { max: MAX_API_TOKENS }) } },
      });
    });

    it('changes the password only with the current one, and ends the other sessions', async () => {
      const elsewhere = await login('first password');
      const body = { currentPassword: 'not it at all', password: 'second password', confirmPW: 'second password' };
      expect(await call(server, API.accountPassword, { session, body })).toMatchObject({
        status: 400,
        body: { error: { code: 'WRONG_PASSWORD', message: t('passwordChange.currentWrong') } },
      });
      const changed = await call(server, API.accountPassword, {
        session,
        body: { ...body, currentPassword: 'first password' },
      });
      expect(changed).toMatchObject({ status: 200, body: { success: t('passwordChange.changed') } });
      expect((await call(server, API.account, { session })).status).toBe(200);
      expect((await call(server, API.account, { session: elsewhere })).status).toBe(401);
      expect(await login('second password')).toBeTruthy();
    });
  });
}
