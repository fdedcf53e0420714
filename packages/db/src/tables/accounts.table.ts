import type { Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  username: string;
  /** argon2id hash in PHC string form. */
  password_hash: string;
  organization: string;
  country: string;
  use_of_data: string;
  /** Epoch ms of the e-mail verification; null until verified. */
  verified_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the random token sent in the cookie; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

/**
 * A browser an account has logged in from: the cookie it holds is the same for every account that
 * logged in from it, and trusted for those alone.
 */
export interface KnownDevicesTable {
  /** SHA-256 of the random token in the device cookie. */
  token_hash: string;
  user_id: string;
  created_at: number;
  /** Moved on by each login from the device. */
  expires_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type NewSession = Insertable<SessionsTable>;
export type NewKnownDevice = Insertable<KnownDevicesTable>;

/** A one-time link sent by e-mail; single use, so `used_at` is set when it is spent. */
export interface TokensTable {
  /** SHA-256 of the random token in the link. */
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A personal API token; revoking deletes the row. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the token; the token itself is shown to its owner once. */
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}

export interface ExportLogTable {
  id: string;
  user_id: string;
  /** A short description of the export, e.g. 'Timeseries: Energy / Access, 2019-01-01 to 2023-12-31'. */
  what: string;
  created_at: number;
}

export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type NewApiToken = Insertable<ApiTokensTable>;
export type ExportLogRow = Selectable<ExportLogTable>;
