import { z } from 'zod';
import { ConfirmSchema, PasswordSchema, withConfirmation } from './auth.ts';

/** The signed-in user's profile, as the My account page shows it. */
export const AccountSchema = z.object({
  email: z.string(),
  username: z.string(),
  organization: z.string(),
  country: z.string(),
  useOfData: z.string(),
  /** ISO date-time of the sign-up. */
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** One line of the export history: what was exported, and when (ISO date-time). */
export const ExportEntrySchema = z.object({ what: z.string(), at: z.string() });
export type ExportEntry = z.infer<typeof ExportEntrySchema>;

/** A personal API token as listed; the secret itself is shown once, when it is created. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** The most tokens one account may hold at a time. */
export const MAX_API_TOKENS = 10;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameMax: 'The name cannot exceed 60 characters',
  tooMany: `You have ${MAX_API_TOKENS} tokens already; revoke one before creating another.`,
  notFound: 'This token does not exist or was already revoked.',
} as const;

export const CreateApiTokenBodySchema = z.object({
  name: z.string({ error: API_TOKEN_MESSAGES.nameRequired }).trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(60, API_TOKEN_MESSAGES.nameMax),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

export const ApiTokenParamsSchema = z.object({ id: z.uuid('Unknown token id') });

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Enter your current password',
  currentWrong: 'Your current password is not right',
  changed: 'Your password has been changed. Your other sessions have been logged out.',
} as const;

/** Change password on My account: the current one, then the new one twice. */
export const ChangePasswordBodySchema = withConfirmation(
  z.object({
    currentPassword: z.string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired }).min(1, PASSWORD_CHANGE_MESSAGES.currentRequired),
    password: PasswordSchema,
    confirmPW: ConfirmSchema,
  }),
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordResponseSchema = z.object({ success: z.string() });
