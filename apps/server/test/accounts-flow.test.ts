import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { hashToken } from '../src/plugins/session.ts';
import { call } from './http.ts';
import { linkIn } from '@portal/testing/mail-message';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';
import { translator } from '@portal/contract/messages';

const t = translator();

const signup = (email: string, password = 'first password') => ({
  username: 'Amina Otieno',
  email,
  password,
  confirmPW: password,
  organization: 'Kenya National Bureau of Statistics',
  country: 'Kenya',
  useOfData: 'Comparing water access across counties',
});

/** The token at the end of an e-mail link. */
const idOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`sign-up to reset, with real e-mail, on ${dialect}`, () => {
    let server: TestApp;
    let smtp: SmtpSink;
    const post = (path: string, body: unknown, session?: string) => call(server, path, { body, session });
    const account = (session?: string) => call(server, API.account, { session });
    const lifetimeHours = async (id: string) => {
      const row = await server.db
        .selectFrom('tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(id))
        .executeTakeFirstOrThrow();
      return (row.expires_at - row.created_at) / 3_600_000;
    };

    beforeAll(async () => {
      smtp = await startSmtpSink();
      server = await buildTestApp(dialect, { smtpUrl: smtp.url });
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it('signs up, verifies by the e-mailed link, logs in, checks, calls a protected route and logs out', async () => {
      const email = 'amina@example.org';
      const created = await post(API.signup, signup('Amina@Example.org'));
      expect(created).toMatchObject({ status: 201, body: { info: t('auth.signedUp', { email: email }) } });

      const mail = await smtp.next(email);
      expect(mail.subject).toContain('Verify your e-mail');
      const link = linkIn(mail.text, '/verify/');
      expect(link.startsWith(`${TEST_PUBLIC_URL}/verify/`)).toBe(true);
      expect(mail.html).toContain(`href="${link}"`);
      expect(idOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await lifetimeHours(idOf(link))).toBe(24);

      // Before verifying: the right password learns that, a wrong one learns nothing.
      expect(await post(API.login, { email, password: 'first password' })).toMatchObject({
        status: 403,
        body: { error: t('auth.notVerified'), code: 'EMAIL_NOT_VERIFIED' },
      });
      expect(await post(API.login, { email, password: 'wrong password' })).toMatchObject({
        status: 401,
        body: { error: t('auth.invalidCredentials') },
      });

      expect(await post(API.verify, { id: idOf(link) })).toMatchObject({
        status: 200,
        body: { success: t('auth.verified') },
      });
      expect(await post(API.verify, { id: idOf(link) })).toMatchObject({
        status: 400,
        body: { error: t('auth.linkUsed'), code: 'LINK_INVALID' },
      });

      const login = await post(API.login, { email: 'AMINA@example.org', password: 'first password' });
      expect(login).toMatchObject({ status: 200, body: { success: true, data: email, username: 'Amina Otieno' } });
      const session = login.session!;
      expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);

      expect((await post(API.check, { email }, session)).body).toEqual({ status: true });
      expect((await post(API.check, { email: 'someone@example.org' }, session)).body).toEqual({ status: false });
      expect((await post(API.check, { email })).body).toEqual({ status: false });
      expect(await account(session)).toMatchObject({
        status: 200,
        body: { email, username: 'Amina Otieno', country: 'Kenya' },
      });

      const logout = await post(API.logout, { email }, session);
      expect(logout).toMatchObject({ status: 200, body: { success: true }, session: '' });
      expect(await account(session)).toMatchObject({ status: 401, body: { error: { code: 'LOGIN_REQUIRED' } } });
      expect((await post(API.check, { email }, session)).body).toEqual({ status: false });
    });

    it('repeats nothing a stranger typed into the sign-up form in the mail sent to the address', async () => {
      const email = 'someone-else@example.org';
      const bait = 'You won! Claim at https://prize.example\nCall +254 700 000000';
      expect(
        (await post(API.signup, { ...signup(email), username: bait, organization: 'Visit https://org.example now' }))
          .status,
      ).toBe(201);
      const mail = await smtp.next(email);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('prize.example');
        expect(part).not.toContain('org.example');
        expect(part).not.toContain('254 700');
      }
      expect(linkIn(mail.text, '/verify/').startsWith(`${TEST_PUBLIC_URL}/verify/`)).toBe(true);
    });

    it('stores only hashes: argon2id for the password, SHA-256 for links and sessions', async () => {
      const user = await server.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'amina@example.org')
        .executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      const tokens = await server.db.selectFrom('tokens').select('token_hash').where('user_id', '=', user.id).execute();
      expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
    });

    it('answers a sign-up with a verified e-mail as the first, and mails its owner that they have an account', async () => {
      const email = 'wanjiru@example.org';
      const first = await post(API.signup, signup(email));
      expect(await post(API.verify, { id: idOf(linkIn((await smtp.next(email)).text, '/verify/')) })).toMatchObject({
        status: 200,
      });
      const again = await post(API.signup, signup(email, 'another password'));
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      const mail = await smtp.next(email);
      expect(mail.subject).toContain('You already have an account');
      expect(mail.text).toMatch(new RegExp(`${TEST_PUBLIC_URL}/login\\s`));
      expect(mail.text).not.toContain('/verify/');
      // The account is unchanged: the first password still logs in, the second does not.
      expect(await post(API.login, { email, password: 'first password' })).toMatchObject({ status: 200 });
      expect(await post(API.login, { email, password: 'another password' })).toMatchObject({ status: 401 });
    });

    it('answers a sign-up with a never verified e-mail as the first and resends the link; only the newest link works', async () => {
      const email = 'baraka@example.org';
      const first = await post(API.signup, signup(email));
      const firstLink = idOf(linkIn((await smtp.next(email)).text, '/verify/'));
      const second = await post(API.signup, signup(email));
      expect([second.status, second.body]).toEqual([first.status, first.body]);
      const secondLink = idOf(linkIn((await smtp.next(email)).text, '/verify/'));
      expect(await post(API.verify, { id: firstLink })).toMatchObject({
        status: 400,
        body: { error: t('auth.linkUnknown') },
      });
      expect(await post(API.verify, { id: secondLink })).toMatchObject({ status: 200 });
    });

    it('answers forgot-password the same for unknown and known e-mails, and mails only the known one', async () => {
      const unknown = await post(API.forgotPassword, { email: 'nobody@example.org' });
      const known = await post(API.forgotPassword, { email: 'amina@example.org' });
      expect(unknown).toMatchObject({ status: 200, body: { success: t('auth.resetRequested') } });
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      const mail = await smtp.next('amina@example.org');
      expect(linkIn(mail.text, '/reset/').startsWith(`${TEST_PUBLIC_URL}/reset/`)).toBe(true);
      expect(smtp.received.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
      const id = idOf(linkIn(mail.text, '/reset/'));
      expect(await lifetimeHours(id)).toBe(1);
      // A reset link is not a verification link, and trying it that way does not spend it.
      expect(await post(API.verify, { id })).toMatchObject({ status: 400, body: { error: t('auth.linkUnknown') } });

      const elsewhere = (await post(API.login, { email: 'amina@example.org', password: 'first password' })).session!;
      const reset = await post(API.resetPassword, { password: 'second password', confirmPW: 'second password', id });
      expect(reset).toMatchObject({ status: 200, body: { success: t('auth.passwordReset') } });

      expect(await account(elsewhere)).toMatchObject({ status: 401 });
      expect(await post(API.login, { email: 'amina@example.org', password: 'first password' })).toMatchObject({
        status: 401,
      });
      expect(await post(API.login, { email: 'amina@example.org', password: 'second password' })).toMatchObject({
        status: 200,
      });
      expect(
        await post(API.resetPassword, { password: 'third password', confirmPW: 'third password', id }),
      ).toMatchObject({
        status: 400,
        body: { error: t('auth.linkUsed'), code: 'LINK_INVALID' },
      });
    });

    it('refuses expired links, for resets and verifications alike', async () => {
      await post(API.forgotPassword, { email: 'amina@example.org' });
      const resetId = idOf(linkIn((await smtp.next('amina@example.org')).text, '/reset/'));
      await post(API.signup, signup('chebet@example.org'));
      const verifyId = idOf(linkIn((await smtp.next('chebet@example.org')).text, '/verify/'));
      for (const id of [resetId, verifyId]) {
        await server.db
          .updateTable('tokens')
          .set({ expires_at: Date.now() - 1 })
          .where('token_hash', '=', hashToken(id))
          .execute();
      }
      expect(
        await post(API.resetPassword, { password: 'third password', confirmPW: 'third password', id: resetId }),
      ).toMatchObject({
        status: 400,
        body: { error: t('auth.linkExpired') },
      });
      expect(await post(API.verify, { id: verifyId })).toMatchObject({
        status: 400,
        body: { error: t('auth.linkExpired') },
      });
      expect(await post(API.login, { email: 'amina@example.org', password: 'second password' })).toMatchObject({
        status: 200,
      });
    });
  });
}
