import { readFileSync } from 'node:fs';

/** The fewest characters a new password may have. */
export const PASSWORD_MIN = 12;
/** The most characters a password may have (scrypt hashes any length; this bounds the work). */
export const PASSWORD_MAX = 1000;

const LIST = new URL('../../data/common-passwords.txt', import.meta.url);
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/**
 * Why `password` may not be chosen by the owner of `email`, or null when it may. The rules follow
 * NIST SP 800-63B: a minimum length, no composition rules, and a check against passwords attackers
 * try first — the most common ones, a single character repeated, and the account's own email.
 */
export function passwordProblem({ password, email }: { password: string; email: string }): string | null {
  if (password.length < PASSWORD_MIN) return `must have at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `must have at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'is one of the most commonly used passwords; choose another';
  if (new Set(lower).size < 4) return 'repeats too few different characters; choose another';
  const address = email.trim().toLowerCase();
  const local = address.slice(0, address.indexOf('@'));
  if (lower === address || (local.length > 0 && lower.includes(local) && local.length * 2 >= lower.length)) {
    return 'is too close to your email address; choose another';
  }
  return null;
}
