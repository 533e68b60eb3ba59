import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Endpoint signing secrets are stored encrypted (AES-256-GCM). The key is COMPLY_WEBHOOK_SECRET_KEY
 * when set (64 hex digits, kept outside the database), else a key the database holds (settings
 * `webhook_secret_key`). Each ciphertext names its key (`env` or `db`), so setting the variable
 * later still reads the secrets written before.
 */
export interface SecretKeys {
  env: Buffer | undefined;
  db: () => Promise<Buffer>;
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export async function encryptSecret(keys: SecretKeys, secret: string): Promise<string> {
  const which = keys.env ? 'env' : 'db';
  const key = keys.env ?? (await keys.db());
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    which,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    data.toString('base64'),
  ].join(':');
}

export async function decryptSecret(keys: SecretKeys, stored: string): Promise<string> {
  const [version, which, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unreadable webhook secret');
  const key = which === 'env' ? keys.env : await keys.db();
  if (!key)
    throw new Error('the webhook secret was encrypted with COMPLY_WEBHOOK_SECRET_KEY, which is not set');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
