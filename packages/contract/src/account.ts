import { z } from 'zod/mini';
import { ConfirmSchema, PasswordSchema, withConfirmation } from './auth.ts';
import { key } from './messages.ts';

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
  lastUsedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = z.extend(ApiTokenSchema, { token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** The most tokens one account may hold at a time. */
export const MAX_API_TOKENS = 10;

export const CreateApiTokenBodySchema = z.object({
  name: z
    .string({ error: key('apiToken.nameRequired') })
    .check(z.trim(), z.minLength(1, key('apiToken.nameRequired')), z.maxLength(60, key('apiToken.nameMax'))),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

export const ApiTokenParamsSchema = z.object({ id: z.uuid(key('field.tokenId')) });

/** Change password on My account: the current one, then the new one twice. */
export const ChangePasswordBodySchema = withConfirmation(
  z.object({
    currentPassword: z
      .string({ error: key('passwordChange.currentRequired') })
      .check(z.minLength(1, key('passwordChange.currentRequired'))),
    password: PasswordSchema,
    confirmPW: ConfirmSchema,
  }),
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordResponseSchema = z.object({ success: z.string() });
