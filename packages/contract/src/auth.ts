import { z } from 'zod';

/** The spec's field messages (section 5), word for word; forms and server both show these. */
export const FIELD_MESSAGES = {
  emailInvalid: 'Invalid email',
  emailRequired: 'Email is required',
  passwordMin: 'Password must be at least 8 characters long',
  passwordRequired: 'Password is required',
  usernameMin: 'Name value should not be less than 2 characters',
  usernameMax: 'Name should not be more than 100 character',
  usernameRequired: 'Name is required',
  confirmMismatch: 'Password does not match',
  confirmRequired: 'Confirm the password',
  organizationMin: 'Organization name should be more than 2 characters',
  organizationRequired: 'Organization name is required',
  countryMin: 'Please provide full country name',
  countryMax: 'Country name cannot exceed 100 characters',
  countryRequired: 'Provide your country name',
  useOfDataMin: 'Provide the purpose of the data(at least 15 character description)',
  useOfDataMax: 'Description should be less than 255 characters',
  useOfDataRequired: 'Field is required',
  // Beyond the spec: bounds that keep stored rows and hashing work small (ADR 0007).
  passwordMax: 'Password must be at most 128 characters long',
  organizationMax: 'Organization name cannot exceed 200 characters',
  notText: 'Expected text',
  linkInvalid: 'This link is not valid; open the whole link from the e-mail',
} as const;
const M = FIELD_MESSAGES;

/** The server's own texts for the spec's calls (the spec leaves their wording open; ADR 0007). */
export const AUTH_REPLIES = {
  signedUp: (email: string) => `Thank you for signing up! We have sent a verification link to ${email}. Open it within 24 hours to activate your account.`,
  alreadyRegistered: 'An account with this e-mail already exists. Log in, or use "Forgot password" if you do not remember your password.',
  notYetVerified: 'This e-mail is already registered but not verified yet. We have sent a new verification link; open it within 24 hours.',
  mailFailed: 'The verification e-mail could not be sent. Please sign up again in a few minutes.',
  invalidCredentials: 'Invalid email or password',
  notVerified: 'Verify your e-mail first: open the link we sent you when you signed up, or sign up again to get a new one.',
  resetRequested: 'If an account exists for this e-mail, we have sent it a link to reset the password. The link works for one hour.',
  passwordReset: 'Your password has been changed. You can now log in with your new password.',
  verified: 'Your e-mail has been verified. You can now log in.',
  linkUnknown: 'This link is not valid. Request a new one.',
  linkUsed: 'This link has already been used. Request a new one if you still need it.',
  linkExpired: 'This link has expired. Request a new one.',
  tooManyAttempts: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  crossSite: 'Requests from other sites are refused.',
} as const;

/** Lengths the spec fixes (section 9), plus the limits of ADR 0007. */
export const LIMITS = { passwordMin: 8, passwordMax: 128, emailMax: 254 } as const;

/** Text that is required: missing, not text or blank all read as `required`; outer spaces are dropped. */
const requiredText = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : M.notText) })
    .trim()
    .min(1, required);

/** An e-mail address, lower-cased so that one mailbox is one account. */
export const EmailSchema = requiredText(M.emailRequired).toLowerCase().pipe(z.email(M.emailInvalid).max(LIMITS.emailMax, M.emailInvalid));

export const PasswordSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? M.passwordRequired : M.notText) })
  .min(1, M.passwordRequired)
  .min(LIMITS.passwordMin, M.passwordMin)
  .max(LIMITS.passwordMax, M.passwordMax);

export const ConfirmSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? M.confirmRequired : M.notText) })
  .min(1, M.confirmRequired);

/** The id of a verification or reset link: the random token, base64url. */
export const LinkIdSchema = z.string({ error: M.linkInvalid }).regex(/^[A-Za-z0-9_-]{16,128}$/, M.linkInvalid);

/**
 * Adds the rule that confirmPW repeats password. It runs even while other fields are still wrong,
 * so the form can say 'Password does not match' as soon as the confirmation is touched.
 */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; confirmPW: z.ZodType<string> }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPW, {
    message: M.confirmMismatch,
    path: ['confirmPW'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = withConfirmation(
  z.object({
    username: requiredText(M.usernameRequired).min(2, M.usernameMin).max(100, M.usernameMax),
    email: EmailSchema,
    password: PasswordSchema,
    confirmPW: ConfirmSchema,
    organization: requiredText(M.organizationRequired).min(2, M.organizationMin).max(200, M.organizationMax),
    country: requiredText(M.countryRequired).min(4, M.countryMin).max(100, M.countryMax),
    useOfData: requiredText(M.useOfDataRequired).min(15, M.useOfDataMin).max(255, M.useOfDataMax),
  }),
);
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** Forgot password: the spec's call is POST /api/reset-password/ {email}. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** Password reset: POST /api/password-reset/ {password, confirmPW, id}; id comes from the page's URL. */
export const ResetPasswordBodySchema = withConfirmation(z.object({ password: PasswordSchema, confirmPW: ConfirmSchema, id: LinkIdSchema }));
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const VerifyBodySchema = z.object({ id: LinkIdSchema });
export type VerifyBody = z.infer<typeof VerifyBodySchema>;

export const CheckBodySchema = z.object({ email: EmailSchema });
export type CheckBody = z.infer<typeof CheckBodySchema>;

export const LogoutBodySchema = z.object({ email: EmailSchema });
export type LogoutBody = z.infer<typeof LogoutBodySchema>;

/** Login answer: `data` is the e-mail the page stores; `username` feeds the landing page's menu. */
export const LoginResponseSchema = z.object({ success: z.literal(true), data: z.string(), username: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SignupResponseSchema = z.object({ info: z.string() });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** Answer of /api/reset-password/, /api/password-reset/ and /api/verify/: the text to show. */
export const SuccessMessageSchema = z.object({ success: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

export const CheckResponseSchema = z.object({ status: z.boolean() });
export type CheckResponse = z.infer<typeof CheckResponseSchema>;

export const LogoutResponseSchema = z.object({ success: z.literal(true) });
