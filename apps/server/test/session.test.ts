import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecErrorSchema } from '@portal/contract/errors';
import { createSession } from '@portal/db/queries/sessions.queries';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { readSite } from '@portal/importer/catalog';
import { CATALOG_DIR } from '@portal/importer/paths';
import { buildApp } from '../src/app.ts';
import { hashToken, requireSession, SESSION_COOKIE } from '../src/plugins/session.ts';

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`requireSession on ${dialect}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const now = Date.now();

    beforeAll(async () => {
      database = await openTestDatabase(dialect);
      app = await buildApp({ db: database.db, site: readSite(), logosDir: join(CATALOG_DIR, 'logos'), logLevel: 'silent' });
      app.post('/api/protected/', { preHandler: requireSession(database.db) }, async (request) => ({ email: request.sessionUser?.email }));
      await database.db
        .insertInto('users')
        .values({ id: 'u1', email: 'amina@example.org', username: 'Amina', password_hash: 'x', organization: 'KNBS', country: 'Kenya', use_of_data: 'County comparisons', verified_at: now, created_at: now })
        .execute();
      await createSession(database.db, { token_hash: hashToken('live-token'), user_id: 'u1', created_at: now, expires_at: now + 3_600_000 });
      await createSession(database.db, { token_hash: hashToken('old-token'), user_id: 'u1', created_at: now - 7_200_000, expires_at: now - 1 });
    });
    afterAll(async () => {
      await app.close();
      await database.cleanup();
    });

    const call = (cookie?: string, body: object = { email: 'amina@example.org' }) =>
      app.inject({ method: 'POST', url: '/api/protected/', payload: body, headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });

    it('lets a request with a live session through, as that user', async () => {
      const response = await call('live-token');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: 'amina@example.org' });
    });

    it('refuses no cookie, an unknown token and an expired session, whatever the body says', async () => {
      for (const cookie of [undefined, 'made-up-token', 'old-token']) {
        const response = await call(cookie);
        expect(response.statusCode).toBe(401);
        expect(SpecErrorSchema.parse(response.json())).toMatchObject({ error: 'Login first to export data.', code: 'LOGIN_REQUIRED' });
      }
    });
  });
}
