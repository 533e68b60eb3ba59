import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSecret, type Repositories, type Storage } from '@comply/storage';

const KEY = 'console_setup_code';

/**
 * Makes a fresh one-time setup code, replacing any earlier one; only its hash is stored (in
 * `settings`), so every instance sharing the database accepts it and a restart can print a new one.
 */
export async function issueSetupCode(storage: Storage): Promise<string> {
  const code = randomBytes(15).toString('base64url');
  await storage.settings.put({ key: KEY, value: hashSecret(code) });
  return code;
}

/** Whether a setup code is waiting to be used. */
export function setupCodePending(storage: Storage): Promise<boolean> {
  return storage.settings.has({ key: KEY });
}

/**
 * Consumes the code inside the caller's transaction (`repos` bound to it): true only for the one
 * request whose delete removed the matching row, so two concurrent set-ups cannot both succeed.
 */
export function consumeSetupCode({ repos, code }: { repos: Repositories; code: string }): Promise<boolean> {
  const given = Buffer.from(hashSecret(code), 'hex');
  return repos.settings.take({
    key: KEY,
    accept: (value) => {
      const expected = Buffer.from(value, 'hex');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  });
}
