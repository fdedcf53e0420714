import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): memory-hard, yet a burst of logins
// cannot exhaust the server's memory the way the library's 64 MiB default could.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A hash that is not a PHC string (never written by this code) matches nothing.
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account, so the answer time does not tell
 * whether an e-mail is registered.
 */
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hashPassword('no account has this password');
  await verifyPassword(await decoy, password);
  return false;
}
