import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  countApiTokens,
  createApiToken,
  deleteApiToken,
  findApiTokenUser,
  listApiTokens,
  touchApiToken,
} from '../src/queries/api-tokens.queries.ts';
import { listExports, recordExport } from '../src/queries/export-log.queries.ts';
import { createSession, deleteExpiredSessions, findSessionUser } from '../src/queries/sessions.queries.ts';
import {
  createToken,
  deleteTokensExpiredBefore,
  deleteUnusedTokens,
  findToken,
  spendToken,
} from '../src/queries/tokens.queries.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  markUserVerified,
  setPasswordHash,
} from '../src/queries/users.queries.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../src/testing.ts';

const now = 1_800_000_000_000;
const user = (id: string, email: string) => ({
  id,
  email,
  username: 'Amina',
  password_hash: 'hash',
  organization: 'KNBS',
  country: 'Kenya',
  use_of_data: 'County comparisons',
  verified_at: null,
  created_at: now,
});

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`account queries on ${dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await openTestDatabase(dialect);
      await createUser(handle.db, user('u1', 'amina@example.org'));
      await createUser(handle.db, user('u2', 'baraka@example.org'));
    });
    afterAll(async () => {
      await handle.cleanup();
    });

    it('finds users by e-mail and id, verifies once and changes the password hash', async () => {
      expect((await findUserByEmail(handle.db, 'amina@example.org'))?.id).toBe('u1');
      expect(await findUserByEmail(handle.db, 'nobody@example.org')).toBeUndefined();
      await markUserVerified(handle.db, 'u1', now + 1);
      await markUserVerified(handle.db, 'u1', now + 2);
      await setPasswordHash(handle.db, 'u1', 'new-hash');
      expect(await findUserById(handle.db, 'u1')).toMatchObject({
        verified_at: now + 1,
        password_hash: 'new-hash',
        created_at: now,
      });
    });

    it('refuses a second user with the same e-mail', async () => {
      await expect(createUser(handle.db, user('u3', 'amina@example.org'))).rejects.toThrow();
    });

    it('spends a one-time token once, and never after it expired', async () => {
      await createToken(handle.db, {
        token_hash: 'live',
        user_id: 'u1',
        purpose: 'reset',
        created_at: now,
        expires_at: now + 1000,
        used_at: null,
      });
      await createToken(handle.db, {
        token_hash: 'old',
        user_id: 'u1',
        purpose: 'reset',
        created_at: now,
        expires_at: now,
        used_at: null,
      });
      expect(await findToken(handle.db, 'live', 'verify')).toBeUndefined();
      expect(await spendToken(handle.db, 'live', now + 10)).toBe(true);
      expect(await spendToken(handle.db, 'live', now + 20)).toBe(false);
      expect(await spendToken(handle.db, 'old', now + 10)).toBe(false);
      expect(await findToken(handle.db, 'live', 'reset')).toMatchObject({ used_at: now + 10 });
    });

    it("deletes only a user's unspent tokens of one purpose", async () => {
      await createToken(handle.db, {
        token_hash: 'v1',
        user_id: 'u2',
        purpose: 'verify',
        created_at: now,
        expires_at: now + 1000,
        used_at: null,
      });
      await createToken(handle.db, {
        token_hash: 'r1',
        user_id: 'u2',
        purpose: 'reset',
        created_at: now,
        expires_at: now + 1000,
        used_at: null,
      });
      await deleteUnusedTokens(handle.db, 'u2', 'verify');
      expect(await findToken(handle.db, 'v1', 'verify')).toBeUndefined();
      expect(await findToken(handle.db, 'r1', 'reset')).toBeDefined();
      expect(await findToken(handle.db, 'live', 'reset')).toBeDefined();
    });

    it('drops the ended sessions of every user, and only those', async () => {
      await createSession(handle.db, { token_hash: 's-old', user_id: 'u1', created_at: now, expires_at: now + 5 });
      await createSession(handle.db, { token_hash: 's-old-2', user_id: 'u2', created_at: now, expires_at: now + 10 });
      await createSession(handle.db, { token_hash: 's-new', user_id: 'u1', created_at: now, expires_at: now + 5000 });
      expect(await deleteExpiredSessions(handle.db, now + 10)).toBe(2);
      expect(await findSessionUser(handle.db, 's-old', now)).toBeUndefined();
      expect(await findSessionUser(handle.db, 's-old-2', now)).toBeUndefined();
      expect(await findSessionUser(handle.db, 's-new', now)).toMatchObject({ email: 'amina@example.org' });
    });

    it('drops the links, spent or not, that expired before a time', async () => {
      await createToken(handle.db, {
        token_hash: 'gone',
        user_id: 'u1',
        purpose: 'reset',
        created_at: 0,
        expires_at: 1,
        used_at: null,
      });
      await createToken(handle.db, {
        token_hash: 'gone-spent',
        user_id: 'u2',
        purpose: 'verify',
        created_at: 0,
        expires_at: 2,
        used_at: 1,
      });
      await createToken(handle.db, {
        token_hash: 'kept',
        user_id: 'u2',
        purpose: 'reset',
        created_at: 0,
        expires_at: 3,
        used_at: null,
      });
      expect(await deleteTokensExpiredBefore(handle.db, 3)).toBe(2);
      expect(await findToken(handle.db, 'gone', 'reset')).toBeUndefined();
      expect(await findToken(handle.db, 'gone-spent', 'verify')).toBeUndefined();
      expect(await findToken(handle.db, 'kept', 'reset')).toBeDefined();
    });

    it('keeps API tokens per user: list, find by hash, touch, count and revoke', async () => {
      const id = '6f1c8a52-3f0e-4d3a-9a53-8d3f7c1e0a11';
      await createApiToken(handle.db, {
        id,
        user_id: 'u1',
        name: 'laptop',
        token_hash: 'api-hash',
        created_at: now,
        last_used_at: null,
      });
      expect(await findApiTokenUser(handle.db, 'api-hash')).toMatchObject({
        id: 'u1',
        email: 'amina@example.org',
        token_id: id,
      });
      await touchApiToken(handle.db, id, now + 50);
      expect(await listApiTokens(handle.db, 'u1')).toEqual([
        { id, name: 'laptop', created_at: now, last_used_at: now + 50 },
      ]);
      expect(await countApiTokens(handle.db, 'u1')).toBe(1);
      expect(await deleteApiToken(handle.db, 'u2', id)).toBe(false);
      expect(await deleteApiToken(handle.db, 'u1', id)).toBe(true);
      expect(await findApiTokenUser(handle.db, 'api-hash')).toBeUndefined();
    });

    it("records exports and lists a user's own, newest first", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      await recordExport(handle.db, 'u1', 'Timeseries: first');
      vi.setSystemTime(now + 1000);
      await recordExport(handle.db, 'u1', 'Raster: second');
      await recordExport(handle.db, 'u2', 'Not yours');
      vi.useRealTimers();
      const rows = await listExports(handle.db, 'u1');
      expect(rows).toEqual([
        { what: 'Raster: second', created_at: now + 1000 },
        { what: 'Timeseries: first', created_at: now },
      ]);
    });
  });
}
