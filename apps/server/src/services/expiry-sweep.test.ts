import { afterEach, describe, expect, it } from 'vitest';
import { createUnsubscribeLink, findUnsubscribeLink } from '@portal/db/queries/follows.queries';
import { rememberDevice } from '@portal/db/queries/known-devices.queries';
import { createSession, findSessionUser } from '@portal/db/queries/sessions.queries';
import { createToken, findToken } from '@portal/db/queries/tokens.queries';
import { createUser } from '@portal/db/queries/users.queries';
import { openTestDatabase, type TestDatabase, testDialects } from '@portal/db/testing';
import { ENDED_LINKS_KEPT_MS, SENT_MAILS_KEPT_MS, sweepExpired, UNSUBSCRIBE_LINKS_KEPT_MS } from './expiry-sweep.ts';

const now = 1_800_000_000_000;
const DAY = 24 * 3_600_000;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the expiry sweep on ${dialect}`, () => {
    let handle: TestDatabase;
    afterEach(() => handle.cleanup());

    it('deletes ended sessions, links expired longer ago than they are kept, forgotten devices, old sent mails and old unsubscribe links, and nothing else', async () => {
      handle = await openTestDatabase(dialect);
      const { db } = handle;
      await createUser(db, {
        id: 'u1',
        email: 'wanjiru@example.org',
        username: 'Wanjiru',
        password_hash: 'hash',
        organization: 'KNBS',
        country: 'Kenya',
        use_of_data: 'County comparisons',
        verified_at: null,
        created_at: now - 60 * DAY,
      });
      const session = (hash: string, expiresAt: number) =>
        createSession(db, { token_hash: hash, user_id: 'u1', created_at: now - 60 * DAY, expires_at: expiresAt });
      const link = (hash: string, expiresAt: number) =>
        createToken(db, {
          token_hash: hash,
          user_id: 'u1',
          purpose: 'reset',
          created_at: expiresAt - 3_600_000,
          expires_at: expiresAt,
          used_at: null,
        });
      await session('ended', now - 1);
      await session('live', now + DAY);
      await link('long-expired', now - ENDED_LINKS_KEPT_MS - 1);
      await link('recently-expired', now - DAY);
      const device = (hash: string, expiresAt: number) =>
        rememberDevice(db, { token_hash: hash, user_id: 'u1', created_at: now - 60 * DAY, expires_at: expiresAt });
      await device('forgotten', now);
      await device('remembered', now + DAY);

      const mail = (id: string, sentAt: number | null) =>
        db
          .insertInto('mail_outbox')
          .values({
            id,
            kind: 'changes',
            user_id: 'u1',
            batch: id,
            language: 'en',
            created_at: now - 60 * DAY,
            due_at: now - 60 * DAY,
            claimed_at: null,
            claim_token: null,
            sent_at: sentAt,
          })
          .execute();
      await mail('sent-long-ago', now - SENT_MAILS_KEPT_MS - 1);
      await mail('sent-lately', now - DAY);
      // Never sent (its SMTP server refused it for weeks): kept, and still tried.
      await mail('unsent', null);
      await createUnsubscribeLink(db, {
        tokenHash: 'old-link',
        userId: 'u1',
        follows: [{ kind: 'county', target: 'turkana' }],
        createdAt: now - UNSUBSCRIBE_LINKS_KEPT_MS - 1,
      });
      await createUnsubscribeLink(db, {
        tokenHash: 'recent-link',
        userId: 'u1',
        follows: [{ kind: 'county', target: 'turkana' }],
        createdAt: now - DAY,
      });

      expect(await sweepExpired(db, now)).toEqual({
        sessions: 1,
        links: 1,
        devices: 1,
        mails: 1,
        unsubscribeLinks: 1,
      });
      expect((await db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((m) => m.id)).toEqual([
        'sent-lately',
        'unsent',
      ]);
      expect(await findUnsubscribeLink(db, 'old-link')).toEqual([]);
      expect(await findUnsubscribeLink(db, 'recent-link')).toHaveLength(1);
      expect(await db.selectFrom('known_devices').select('token_hash').execute()).toEqual([
        { token_hash: 'remembered' },
      ]);
      expect(await findSessionUser(db, 'live', now)).toBeDefined();
      expect(await db.selectFrom('sessions').select('token_hash').execute()).toEqual([{ token_hash: 'live' }]);
      expect(await findToken(db, 'long-expired', 'reset')).toBeUndefined();
      // Still there, so following it says "expired" rather than "unknown".
      expect(await findToken(db, 'recently-expired', 'reset')).toBeDefined();
    });
  });
}
