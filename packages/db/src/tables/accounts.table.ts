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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type NewSession = Insertable<SessionsTable>;
