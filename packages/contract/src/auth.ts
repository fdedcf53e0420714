import { z } from 'zod/mini';
import { key, type MessageKey } from './messages.ts';

// Rule messages are catalogue keys (ADR 0012): each side shows them in the visitor's language.

/** Lengths the spec fixes (section 9), plus the limits of ADR 0007. */
export const LIMITS = { passwordMin: 8, passwordMax: 128, emailMax: 254 } as const;

/** Text that is required: missing, not text or blank all read as `required`; outer spaces are dropped. */
const requiredText = (required: MessageKey) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : key('field.notText')) })
    .check(z.trim(), z.minLength(1, required));

/** An e-mail address, lower-cased so that one mailbox is one account. */
export const EmailSchema = z.pipe(
  requiredText(key('field.emailRequired')).check(z.toLowerCase()),
  z.email(key('field.emailInvalid')).check(z.maxLength(LIMITS.emailMax, key('field.emailInvalid'))),
);

export const PasswordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? key('field.passwordRequired') : key('field.notText'),
  })
  .check(
    z.minLength(1, key('field.passwordRequired')),
    z.minLength(LIMITS.passwordMin, key('field.passwordMin')),
    z.maxLength(LIMITS.passwordMax, key('field.passwordMax')),
  );

export const ConfirmSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? key('field.confirmRequired') : key('field.notText'),
  })
  .check(z.minLength(1, key('field.confirmRequired')));

/** The id of a verification or reset link: the random token, base64url. */
export const LinkIdSchema = z
  .string({ error: key('field.linkInvalid') })
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, key('field.linkInvalid')));

/**
 * Adds the rule that confirmPW repeats password. It runs even while other fields are still wrong,
 * so the form can say 'Password does not match' as soon as the confirmation is touched.
 */
export function withConfirmation<
  T extends z.ZodMiniObject<{ password: z.ZodMiniType<string>; confirmPW: z.ZodMiniType<string> }>,
>(schema: T) {
  return schema.check(
    z.refine((value: z.output<T>) => value.password === value.confirmPW, {
      message: key('field.confirmMismatch'),
      path: ['confirmPW'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
}

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SignupBodySchema = withConfirmation(
  z.object({
    username: requiredText(key('field.usernameRequired')).check(
      z.minLength(2, key('field.usernameMin')),
      z.maxLength(100, key('field.usernameMax')),
    ),
    email: EmailSchema,
    password: PasswordSchema,
    confirmPW: ConfirmSchema,
    organization: requiredText(key('field.organizationRequired')).check(
      z.minLength(2, key('field.organizationMin')),
      z.maxLength(200, key('field.organizationMax')),
    ),
    country: requiredText(key('field.countryRequired')).check(
      z.minLength(4, key('field.countryMin')),
      z.maxLength(100, key('field.countryMax')),
    ),
    useOfData: requiredText(key('field.useOfDataRequired')).check(
      z.minLength(15, key('field.useOfDataMin')),
      z.maxLength(255, key('field.useOfDataMax')),
    ),
  }),
);
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** Forgot password: the spec's call is POST /api/reset-password/ {email}. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** Password reset: POST /api/password-reset/ {password, confirmPW, id}; id comes from the page's URL. */
export const ResetPasswordBodySchema = withConfirmation(
  z.object({ password: PasswordSchema, confirmPW: ConfirmSchema, id: LinkIdSchema }),
);
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
