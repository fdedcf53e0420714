import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { createToken, deleteUnusedTokens, findToken, spendToken } from '@portal/db/queries/tokens.queries';
import type { TokensTable } from '@portal/db/tables/accounts.table';
import { AppError } from '../plugins/errors.ts';
import { hashToken } from '../plugins/session.ts';

type Purpose = TokensTable['purpose'];

/** How long a link works: a day to verify an address, an hour to reset a password. */
export const LINK_LIFETIME_MS: Record<Purpose, number> = { verify: 24 * 3_600_000, reset: 3_600_000 };

/** A fresh random token (256 bits). Earlier unspent links of the same purpose stop working. */
export async function issueLink(db: Kysely<Database>, userId: string, purpose: Purpose, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deleteUnusedTokens(db, userId, purpose);
  await createToken(db, {
    token_hash: hashToken(token),
    user_id: userId,
    purpose,
    created_at: now,
    expires_at: now + LINK_LIFETIME_MS[purpose],
    used_at: null,
  });
  return token;
}

/**
 * Spends a link and returns its user, or throws LINK_INVALID saying whether it is unknown, used
 * or expired.
 */
export async function spendLink(db: Kysely<Database>, token: string, purpose: Purpose, now: number): Promise<string> {
  const tokenHash = hashToken(token);
  const row = await findToken(db, tokenHash, purpose);
  if (row && (await spendToken(db, tokenHash, now))) return row.user_id;
  // Not spent here: unknown, expired, or used (perhaps a moment ago by a racing request).
  const reason = !row ? 'auth.linkUnknown' : row.expires_at <= now ? 'auth.linkExpired' : 'auth.linkUsed';
  throw new AppError('LINK_INVALID', reason);
}
