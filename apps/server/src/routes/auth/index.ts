import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckBodySchema,
  CheckResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  LogoutResponseSchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  SignupResponseSchema,
  SuccessMessageSchema,
  VerifyBodySchema,
} from '@portal/contract/auth';
import { API } from '@portal/contract/paths';
import { AUTH_LIMITS, byEmail, limiter } from '../../plugins/auth-limits.ts';
import { rememberLogin } from '../../plugins/known-devices.ts';
import { loginGuard } from '../../plugins/login-guard.ts';
import { currentSessionHash, endSession, noStore, readSessionUser, startSession } from '../../plugins/session.ts';
import {
  type AccountContext,
  logIn,
  requestPasswordReset,
  resetPassword,
  signUp,
  verifyEmail,
} from '../../services/accounts.ts';
import { operation } from '../../plugins/api-docs.ts';

export type AuthRouteOptions = Omit<AccountContext, 'log'>;

/** The spec's account calls (section 7), with their payloads and answer fields kept exactly. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const ctx: AccountContext = { ...options, log: app.log };
  const { db } = ctx;
  const secure = ctx.publicUrl.startsWith('https:');
  // Their answers set, end or read sessions and device cookies, or carry a person's texts.
  app.addHook('onRequest', noStore);
  const guardLogin = loginGuard(app, db);
  const limits = {
    signupIp: limiter(app, 'signup-ip', AUTH_LIMITS.signup.perIp),
    signupEmail: limiter(app, 'signup-email', AUTH_LIMITS.signup.perEmail, byEmail),
    forgotIp: limiter(app, 'forgot-ip', AUTH_LIMITS.forgotPassword.perIp),
    forgotEmail: limiter(app, 'forgot-email', AUTH_LIMITS.forgotPassword.perEmail, byEmail),
    resetIp: limiter(app, 'reset-ip', AUTH_LIMITS.link.perIp),
    verifyIp: limiter(app, 'verify-ip', AUTH_LIMITS.link.perIp),
    checkIp: limiter(app, 'check-ip', AUTH_LIMITS.session.perIp),
    logoutIp: limiter(app, 'logout-ip', AUTH_LIMITS.session.perIp),
  };

  app.post(
    API.login,
    {
      config: { errors: ['RATE_LIMITED', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED'] },
      schema: {
        ...operation({
          summary: 'Log in',
          description:
            'Checks the e-mail and password and starts a session: the answer sets the session cookie, and the device cookie that lets this browser log in to the account whatever others try. 401 INVALID_CREDENTIALS, 403 EMAIL_NOT_VERIFIED; 429 after too many failures (per account from browsers it does not know, per known browser), with a wait that grows with them.',
          example: { body: { email: 'researcher@example.org', password: 'a long password' } },
        }),
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await guardLogin(request, reply, () => logIn(db, request.body));
      await rememberLogin(db, request, reply, user.id, secure);
      await startSession(db, reply, user.id, secure);
      return { success: true as const, data: user.email, username: user.username };
    },
  );

  app.post(
    API.signup,
    {
      onRequest: limits.signupIp.hit,
      preHandler: limits.signupEmail.hit,
      config: { errors: ['RATE_LIMITED'] },
      schema: {
        ...operation({
          summary: 'Sign up',
          description:
            'Registers an account and e-mails its verification link. The answer is the same for an address that already has an account, so it tells no one who is registered: an unverified account gets a new link, a verified one a mail telling its owner so.',
          example: {
            body: {
              username: 'Wanjiku',
              email: 'researcher@example.org',
              password: 'a long password',
              confirmPW: 'a long password',
              organization: 'University of Nairobi',
              country: 'Kenya',
              useOfData: 'Research on county water demand',
            },
          },
        }),
        body: SignupBodySchema,
        response: { 201: SignupResponseSchema },
      },
    },
    async (request, reply) => {
      await signUp(ctx, request.body, request.t);
      return reply.status(201).send({ info: request.t('auth.signedUp', { email: request.body.email }) });
    },
  );

  app.post(
    API.forgotPassword,
    {
      onRequest: limits.forgotIp.hit,
      preHandler: limits.forgotEmail.hit,
      config: { errors: ['RATE_LIMITED'] },
      schema: {
        ...operation({
          summary: 'Ask for a password reset',
          description: 'Sends a reset link (valid 1 h) to a registered e-mail; the answer is the same for any e-mail.',
          example: { body: { email: 'researcher@example.org' } },
        }),
        body: ForgotPasswordBodySchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.t);
      return { success: request.t('auth.resetRequested') };
    },
  );

  app.post(
    API.resetPassword,
    {
      onRequest: limits.resetIp.hit,
      config: { errors: ['RATE_LIMITED', 'LINK_INVALID'] },
      schema: {
        ...operation({
          summary: 'Reset the password',
          description:
            "Sets a new password with the id from a reset link; the user's other sessions end. 400 LINK_INVALID.",
          example: {
            body: {
              password: 'a new long password',
              confirmPW: 'a new long password',
              id: 'the-last-segment-of-the-link',
            },
          },
        }),
        body: ResetPasswordBodySchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => {
      await resetPassword(db, request.body, currentSessionHash(request));
      return { success: request.t('auth.passwordReset') };
    },
  );

  app.post(
    API.verify,
    {
      onRequest: limits.verifyIp.hit,
      config: { errors: ['RATE_LIMITED', 'LINK_INVALID'] },
      schema: {
        ...operation({
          summary: 'Verify an e-mail',
          description:
            'Confirms an e-mail address with the id from the verification link (valid 24 h). 400 LINK_INVALID.',
          example: { body: { id: 'the-last-segment-of-the-link' } },
        }),
        body: VerifyBodySchema,
        response: { 200: SuccessMessageSchema },
      },
    },
    async (request) => {
      await verifyEmail(db, request.body.id);
      return { success: request.t('auth.verified') };
    },
  );

  // True only for the e-mail of the request's own session: the stored e-mail alone proves nothing.
  app.post(
    API.check,
    {
      onRequest: limits.checkIp.hit,
      config: { errors: ['RATE_LIMITED'] },
      schema: {
        ...operation({
          summary: 'Check a session',
          description: "True only when the request's session belongs to the given e-mail.",
          example: { body: { email: 'researcher@example.org' } },
        }),
        body: CheckBodySchema,
        response: { 200: CheckResponseSchema },
      },
    },
    async (request) => ({ status: (await readSessionUser(db, request))?.email === request.body.email }),
  );

  // Ends the request's own session whatever e-mail the body names.
  app.post(
    API.logout,
    {
      onRequest: limits.logoutIp.hit,
      config: { errors: ['RATE_LIMITED'] },
      schema: {
        ...operation({
          summary: 'Log out',
          description: "Ends the request's session and clears its cookie.",
          example: { body: { email: 'researcher@example.org' } },
        }),
        body: LogoutBodySchema,
        response: { 200: LogoutResponseSchema },
      },
    },
    async (request, reply) => {
      await endSession(db, request, reply, secure);
      return { success: true as const };
    },
  );
};
