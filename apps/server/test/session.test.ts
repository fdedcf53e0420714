import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecErrorSchema } from '@portal/contract/errors';
import { createApiToken, deleteApiToken, listApiTokens } from '@portal/db/queries/api-tokens.queries';
import { createSession } from '@portal/db/queries/sessions.queries';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { CATALOG_DIR, readSite } from '@portal/importer';
import { buildApp } from '../src/app.ts';
import { hashToken, requireSession, SESSION_COOKIE } from '../src/plugins/session.ts';

const TOKEN_ID = '0b6c1f6e-8c3e-4a8e-9d55-3f2b1c0d9e7a';

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`requireSession on ${dialect}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const now = Date.now();

    beforeAll(async () => {
      database = await openTestDatabase(dialect);
      app = await buildApp({
        db: database.db,
        site: readSite(),
        logosDir: join(CATALOG_DIR, 'logos'),
        logLevel: 'silent',
        publicUrl: 'http://portal.test',
        mail: { from: 'test@portal.test', dir: '/nonexistent' },
      });
      app.post('/api/protected/', { preHandler: requireSession(database.db) }, async (request) => ({
        email: request.sessionUser?.email,
      }));
      await database.db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'amina@example.org',
          username: 'Amina',
          password_hash: 'x',
          organization: 'KNBS',
          country: 'Kenya',
          use_of_data: 'County comparisons',
          verified_at: now,
          created_at: now,
        })
        .execute();
      await createSession(database.db, {
        token_hash: hashToken('live-token'),
        user_id: 'u1',
        created_at: now,
        expires_at: now + 3_600_000,
      });
      await createSession(database.db, {
        token_hash: hashToken('old-token'),
        user_id: 'u1',
        created_at: now - 7_200_000,
        expires_at: now - 1,
      });
      await createApiToken(database.db, {
        id: TOKEN_ID,
        user_id: 'u1',
        name: 'script',
        token_hash: hashToken('kclew_api-token'),
        created_at: now,
        last_used_at: null,
      });
    });
    afterAll(async () => {
      await app.close();
      await database.cleanup();
    });

    const call = (
      cookie?: string,
      body: object = { email: 'amina@example.org' },
      headers: Record<string, string> = {},
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/protected/',
        payload: body,
        headers: { ...headers, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
      });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    it('lets a request with a live session through, as that user', async () => {
      const response = await call('live-token');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: 'amina@example.org' });
    });

    it('refuses no cookie, an unknown token and an expired session, whatever the body says', async () => {
      for (const cookie of [undefined, 'made-up-token', 'old-token']) {
        const response = await call(cookie);
        expect(response.statusCode).toBe(401);
        expect(SpecErrorSchema.parse(response.json())).toMatchObject({
          error: 'Login first to export data.',
          code: 'LOGIN_REQUIRED',
        });
      }
    });

    it('takes a personal API token as Authorization: Bearer, and notes when it was used', async () => {
      const response = await call(undefined, { email: 'someone-else@example.org' }, bearer('kclew_api-token'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: 'amina@example.org' });
      expect((await listApiTokens(database.db, 'u1'))[0].last_used_at).toBeGreaterThanOrEqual(now);
    });

    it('refuses an unknown or revoked token, even next to a live cookie', async () => {
      for (const headers of [bearer('kclew_made-up'), { authorization: 'Bearer ' }]) {
        const response = await call(undefined, undefined, headers);
        expect(response.statusCode).toBe(401);
      }
      expect((await call('live-token', undefined, bearer('kclew_made-up'))).statusCode).toBe(401);
      await deleteApiToken(database.db, 'u1', TOKEN_ID);
      const revoked = await call(undefined, undefined, bearer('kclew_api-token'));
      expect(revoked.statusCode).toBe(401);
      expect(SpecErrorSchema.parse(revoked.json())).toMatchObject({
        error: 'This API token is not valid or has been revoked.',
        code: 'LOGIN_REQUIRED',
      });
    });
  });
}
