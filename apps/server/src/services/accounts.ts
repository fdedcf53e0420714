import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangePasswordBody } from '@portal/contract/account';
import type { LoginBody, ResetPasswordBody, SignupBody } from '@portal/contract/auth';
import type { Translate } from '@portal/contract/messages';
import { PAGES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { forgetUserDevices } from '@portal/db/queries/known-devices.queries';
import { deleteUserSessions } from '@portal/db/queries/sessions.queries';
import {
  createUser,
  findUserByEmail,
  findUserById,
  markUserVerified,
  setPasswordHash,
} from '@portal/db/queries/users.queries';
import type { UserRow } from '@portal/db/tables/accounts.table';
import { AppError } from '../plugins/errors.ts';
import { registeredMail, resetMail, verificationMail } from './account-mail.ts';
import type { Mail, Mailer } from './mailer.ts';
import { issueLink, spendLink } from './one-time-links.ts';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.ts';

export interface AccountContext {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Base of the links in e-mails, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
}

type Recipient = Pick<UserRow, 'id' | 'email' | 'username'>;

/**
 * Sends a mail after the answer has gone, so its time does not tell what it was; a failure is
 * logged (the visitor can ask again: signing up again resends the link).
 */
function sendLater(ctx: AccountContext, mail: Mail, what: string): void {
  ctx.mailer
    .send(mail)
    .catch((error: unknown) => ctx.log.error({ err: error, to: mail.to }, `${what} e-mail not sent`));
}

/** Mails go out in the language of the request that asked for them. */
async function sendVerification(ctx: AccountContext, user: Recipient, t: Translate): Promise<void> {
  const token = await issueLink(ctx.db, user.id, 'verify', Date.now());
  sendLater(ctx, verificationMail(t, ctx.siteName, user.email, ctx.publicUrl + PAGES.verify(token)), 'verification');
}

/**
 * Signs up an e-mail, answering the same whether or not it has an account, so the form cannot be
 * used to learn who is registered. A new address gets an unverified account and its verification
 * link; an unverified one a new link (older links stop working); a verified one a mail telling its
 * owner they already have an account. The password is hashed in every case, so the time taken
 * does not tell the cases apart either.
 */
export async function signUp(ctx: AccountContext, body: SignupBody, t: Translate): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing?.verified_at === null) return sendVerification(ctx, existing, t);
  if (existing)
    return sendLater(
      ctx,
      registeredMail(t, ctx.siteName, existing.email, ctx.publicUrl + PAGES.login),
      'already registered',
    );
  const user = {
    id: randomUUID(),
    email: body.email,
    username: body.username,
    password_hash: passwordHash,
    organization: body.organization,
    country: body.country,
    use_of_data: body.useOfData,
    verified_at: null,
    created_at: Date.now(),
  };
  try {
    await createUser(ctx.db, user);
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the unique key lets one through, which mails.
    if (await findUserByEmail(ctx.db, body.email)) return;
    throw error;
  }
  await sendVerification(ctx, user, t);
}

/** Marks the link's e-mail verified; throws LINK_INVALID for an unknown, used or expired link. */
export async function verifyEmail(db: Kysely<Database>, id: string): Promise<void> {
  const now = Date.now();
  await markUserVerified(db, await spendLink(db, id, 'verify', now), now);
}

/**
 * The user these credentials belong to. Unknown e-mail and wrong password get the same answer in
 * about the same time; only the right password learns that the e-mail still needs verifying.
 */
export async function logIn(db: Kysely<Database>, { email, password }: LoginBody): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const matches = user ? await verifyPassword(user.password_hash, password) : await verifyNothing(password);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', 'auth.invalidCredentials');
  if (user.verified_at === null) throw new AppError('EMAIL_NOT_VERIFIED', 'auth.notVerified');
  return user;
}

/**
 * E-mails a reset link when the address has an account. The answer is the same either way, and the
 * mail is sent after answering, so neither the text nor the time tells whether the address is known.
 */
export async function requestPasswordReset(ctx: AccountContext, email: string, t: Translate): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const link = ctx.publicUrl + PAGES.reset(await issueLink(ctx.db, user.id, 'reset', Date.now()));
    sendLater(ctx, resetMail(t, ctx.siteName, user.email, link), 'password reset');
  }
}

/**
 * Sets a new password through a reset link, ends every other session of the user and forgets the
 * browsers it logged in from (whoever used the old password is a stranger again). The link proves
 * the mailbox, so an unverified account counts as verified from then on.
 */
export async function resetPassword(
  db: Kysely<Database>,
  body: ResetPasswordBody,
  keepSessionHash?: string,
): Promise<void> {
  const now = Date.now();
  const userId = await spendLink(db, body.id, 'reset', now);
  await setPasswordHash(db, userId, await hashPassword(body.password));
  await markUserVerified(db, userId, now);
  await deleteUserSessions(db, userId, keepSessionHash);
  await forgetUserDevices(db, userId);
}

/**
 * Changes the password of a signed-in user who knows the current one; their other sessions end
 * and the browsers they logged in from are forgotten, as after a reset.
 */
export async function changePassword(
  db: Kysely<Database>,
  userId: string,
  body: ChangePasswordBody,
  keepSessionHash?: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', 'passwordChange.currentWrong');
  }
  await setPasswordHash(db, userId, await hashPassword(body.password));
  await deleteUserSessions(db, userId, keepSessionHash);
  await forgetUserDevices(db, userId);
}
