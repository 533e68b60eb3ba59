import { isIP } from 'node:net';

/** Everything the server reads from its environment, parsed once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** `postgres://…` selects PostgreSQL; undefined selects embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The address users reach the service at (used in the console's client configurations and Host checks). */
  publicUrl: string | undefined;
  /** Extra Host names accepted besides loopback and the public URL's. */
  allowedHosts: string[];
  logLevel: string;
  /** Largest request body in bytes; larger ones get 413. */
  bodyLimit: number;
  /** MCP-path requests per minute per token (0: no limit). */
  rateLimitPerMinute: number;
  /** Refused (401) MCP-path attempts per minute per client address (0: no limit). */
  unauthenticatedRateLimitPerMinute: number;
  /** Largest total of a JSON-RPC batch's replies in bytes; replies beyond it are refused (-32003). */
  batchReplyLimit: number;
  /** Reverse proxies (addresses or CIDRs) whose X-Forwarded-* headers are believed; empty: none. */
  trustedProxies: string[];
  /** OAuth 2.1 authorization server for the MCP endpoint (claude.ai, ChatGPT connectors); off by default. */
  oauth: boolean;
  /**
   * Client ID Metadata Documents may be fetched from loopback and private addresses (tests, closed
   * networks). Off: only public addresses are fetched.
   */
  oauthAllowPrivateMetadata: boolean;
  /** `smtp://…` or `smtps://…` for the mail the server sends (password resets); unset: no mail. */
  smtpUrl: string | undefined;
  /** The From address of that mail. */
  mailFrom: string;
}

function flag({ env, name }: { env: NodeJS.ProcessEnv; name: string }): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'off' || raw === 'false' || raw === '0') return false;
  if (raw === 'on' || raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

/** `COMPLY_TRUSTED_PROXIES`: comma-separated IPv4/IPv6 addresses or CIDRs; anything else stops start-up. */
export function parseTrustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (version === 0 || !bitsOk || extra !== undefined) {
      throw new Error(
        `COMPLY_TRUSTED_PROXIES must list IP addresses or CIDRs (e.g. 10.0.0.1,192.168.0.0/16), got "${entry}"`,
      );
    }
  }
  return entries;
}

function integer({
  env,
  name,
  fallback,
}: {
  env: NodeJS.ProcessEnv;
  name: string;
  fallback: number;
}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/**
 * Reads PORT, HOST, DATABASE_URL, COMPLY_DATA_DIR, COMPLY_PUBLIC_URL, COMPLY_ALLOWED_HOSTS, LOG_LEVEL,
 * COMPLY_BODY_LIMIT, COMPLY_RATE_LIMIT_PER_MINUTE, COMPLY_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE,
 * COMPLY_TRUSTED_PROXIES, COMPLY_OAUTH, COMPLY_OAUTH_ALLOW_PRIVATE_METADATA, COMPLY_SMTP_URL,
 * COMPLY_MAIL_FROM.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded database)',
    );
  }
  const publicUrl = env.COMPLY_PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) {
    throw new Error('COMPLY_PUBLIC_URL must be an http:// or https:// address');
  }
  const smtpUrl = env.COMPLY_SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error('COMPLY_SMTP_URL must be an smtp:// or smtps:// address');
  }
  return {
    port: integer({ env, name: 'PORT', fallback: 8787 }),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dataDir: env.COMPLY_DATA_DIR || '.comply/data',
    publicUrl,
    allowedHosts: (env.COMPLY_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimit: integer({ env, name: 'COMPLY_BODY_LIMIT', fallback: 1024 * 1024 }),
    rateLimitPerMinute: integer({ env, name: 'COMPLY_RATE_LIMIT_PER_MINUTE', fallback: 600 }),
    unauthenticatedRateLimitPerMinute: integer({
      env,
      name: 'COMPLY_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE',
      fallback: 60,
    }),
    batchReplyLimit: integer({ env, name: 'COMPLY_BATCH_REPLY_LIMIT', fallback: 8 * 1024 * 1024 }),
    trustedProxies: parseTrustedProxies(env.COMPLY_TRUSTED_PROXIES),
    oauth: flag({ env, name: 'COMPLY_OAUTH' }),
    oauthAllowPrivateMetadata: flag({ env, name: 'COMPLY_OAUTH_ALLOW_PRIVATE_METADATA' }),
    smtpUrl,
    mailFrom: env.COMPLY_MAIL_FROM || 'Comply <comply@localhost>',
  };
}
