import { isIP } from 'node:net';
import { parseReminders, type RemindersConfig } from './reminders/config.js';
import type { JobsConfig } from './webhooks/service.js';

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
  /** `smtp://…` or `smtps://…` for the mail the server sends (password resets, reminders); unset: no mail. */
  smtpUrl: string | undefined;
  /** The From address of that mail. */
  mailFrom: string;
  /** OpenID Connect sign-in for the console; null when `COMPLY_SSO_ISSUER` is unset. */
  sso: SsoConfig | null;
  /** The job engine and webhook deliveries (COMPLY_JOBS*, COMPLY_WEBHOOK_*; docs/jobs.md). */
  jobs: JobsConfig;
  /** Reminders by e-mail: the digest's weekday, the scan interval, retries (docs/jobs.md). */
  reminders: RemindersConfig;
  /** Largest evidence file in bytes (COMPLY_EVIDENCE_MAX_BYTES, default 50 MiB); larger uploads get 413. */
  evidenceMaxBytes: number;
}

/** Default largest evidence file: 50 MiB. */
export const DEFAULT_EVIDENCE_MAX_BYTES = 50 * 1024 * 1024;
/** The column holding a file's size is a 32-bit integer. */
const EVIDENCE_MAX_BYTES_CEILING = 2 ** 31 - 1;

/** Single sign-on through one OpenID provider (COMPLY_SSO_*). */
export interface SsoConfig {
  /** The provider's issuer URL (its discovery document is at `/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says: "Sign in with {name}". */
  name: string;
  /** E-mail domains (lower case) whose people may sign in with it; accounts are made for them. */
  domains: string[];
  /** New accounts join this organization with `role`; null: they join none. */
  organizationId: string | null;
  role: 'OWNER' | 'ADMIN' | 'EDITOR' | 'VIEWER';
  /** Password sign-in is refused for addresses of `domains`. */
  required: boolean;
}

const SSO_ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const;

/** COMPLY_SSO_*: all of issuer, client id and secret, or none of them. */
export function parseSso(env: NodeJS.ProcessEnv): SsoConfig | null {
  const issuer = env.COMPLY_SSO_ISSUER || undefined;
  if (!issuer) return null;
  const url = URL.parse(issuer);
  const loopback = url !== null && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw new Error('COMPLY_SSO_ISSUER must be an https:// URL (http:// only on loopback)');
  }
  const clientId = env.COMPLY_SSO_CLIENT_ID;
  const clientSecret = env.COMPLY_SSO_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error('COMPLY_SSO_ISSUER needs COMPLY_SSO_CLIENT_ID and COMPLY_SSO_CLIENT_SECRET');
  }
  const domains = (env.COMPLY_SSO_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  for (const domain of domains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      throw new Error(
        `COMPLY_SSO_DOMAINS must list e-mail domains (e.g. example.com,example.org), got "${domain}"`,
      );
    }
  }
  if (domains.length === 0)
    throw new Error('COMPLY_SSO_ISSUER needs COMPLY_SSO_DOMAINS (the allowed e-mail domains)');
  const role = (env.COMPLY_SSO_DEFAULT_ROLE || 'VIEWER').toUpperCase();
  if (!(SSO_ROLES as readonly string[]).includes(role)) {
    throw new Error(
      `COMPLY_SSO_DEFAULT_ROLE must be one of ${SSO_ROLES.join(', ')}, got "${env.COMPLY_SSO_DEFAULT_ROLE}"`,
    );
  }
  return {
    issuer,
    clientId,
    clientSecret,
    name: env.COMPLY_SSO_NAME || 'single sign-on',
    domains,
    organizationId: env.COMPLY_SSO_ORGANIZATION || null,
    role: role as SsoConfig['role'],
    required: flag({ env, name: 'COMPLY_SSO_REQUIRED' }),
  };
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
 * COMPLY_MAIL_FROM, COMPLY_EVIDENCE_MAX_BYTES and COMPLY_SSO_* (parseSso).
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
    sso: parseSso(env),
    evidenceMaxBytes: Math.min(
      integer({ env, name: 'COMPLY_EVIDENCE_MAX_BYTES', fallback: DEFAULT_EVIDENCE_MAX_BYTES }),
      EVIDENCE_MAX_BYTES_CEILING,
    ),
    jobs: parseJobs(env),
    reminders: parseReminders(env),
  };
}

/** COMPLY_JOBS, COMPLY_JOBS_POLL_MS and COMPLY_WEBHOOK_* (docs/jobs.md). */
export function parseJobs(env: NodeJS.ProcessEnv): JobsConfig {
  const rawKey = (env.COMPLY_WEBHOOK_SECRET_KEY ?? '').trim();
  if (rawKey && !/^[0-9a-fA-F]{64}$/.test(rawKey)) {
    throw new Error('COMPLY_WEBHOOK_SECRET_KEY must be 64 hexadecimal digits (32 bytes)');
  }
  const rawJobs = env.COMPLY_JOBS;
  return {
    enabled: rawJobs === undefined || rawJobs === '' ? true : flag({ env, name: 'COMPLY_JOBS' }),
    pollMs: Math.max(integer({ env, name: 'COMPLY_JOBS_POLL_MS', fallback: 1000 }), 50),
    retryLimit: integer({ env, name: 'COMPLY_WEBHOOK_RETRIES', fallback: 7 }),
    retryDelaySeconds: Math.max(
      integer({ env, name: 'COMPLY_WEBHOOK_RETRY_DELAY_SECONDS', fallback: 30 }),
      1,
    ),
    timeoutMs: Math.max(integer({ env, name: 'COMPLY_WEBHOOK_TIMEOUT_MS', fallback: 10_000 }), 100),
    allowPrivate: flag({ env, name: 'COMPLY_WEBHOOK_ALLOW_PRIVATE' }),
    allowHttpLoopback: flag({ env, name: 'COMPLY_WEBHOOK_ALLOW_HTTP_LOOPBACK' }),
    secretKey: rawKey ? Buffer.from(rawKey, 'hex') : undefined,
  };
}
