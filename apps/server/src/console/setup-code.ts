import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Db, hashSecret, type Storage } from '@comply/storage';

const KEY = 'console_setup_code';

/**
 * Makes a fresh one-time setup code, replacing any earlier one; only its hash is stored (in
 * `settings`), so every instance sharing the database accepts it and a restart can print a new one.
 */
export async function issueSetupCode(storage: Storage): Promise<string> {
  const code = randomBytes(15).toString('base64url');
  const value = hashSecret(code);
  await storage.db
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return code;
}

/** Whether a setup code is waiting to be used. */
export async function setupCodePending(storage: Storage): Promise<boolean> {
  const row = await storage.db.selectFrom('settings').select('key').where('key', '=', KEY).executeTakeFirst();
  return Boolean(row);
}

/**
 * Consumes the code inside the caller's transaction: true only for the one request whose delete
 * removed the matching row, so two concurrent set-ups cannot both succeed.
 */
export async function consumeSetupCode({ db, code }: { db: Db; code: string }): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEY)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  const expected = Buffer.from(row.value, 'hex');
  const given = Buffer.from(hashSecret(code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const deleted = await db.deleteFrom('settings').where('key', '=', KEY).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
