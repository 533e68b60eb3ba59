import type { Role, TokenScope } from '../enums.js';
import type { User } from './users.js';

/** An API token as listed (never includes its secret or hash). */
export interface ApiToken {
  id: string;
  user_id: string;
  name: string;
  /** The first characters of the secret, for recognising it in a list. */
  prefix: string;
  scope: TokenScope;
  /** The organizations the token is restricted to; null = all of the user's organizations. */
  organization_ids: string[] | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  last_used_client: string | null;
}

/** A token with its usage, for Settings → API Tokens. */
export interface ApiTokenWithUsage extends ApiToken {
  calls_24h: number;
  calls_30d: number;
  /** The most recent tool calls, newest first (at most 10). */
  recent_tools: { tool: string; at: string }[];
}

/** The outcome of authenticate: the token's identity, or why it was refused. */
export type Authentication =
  | {
      ok: true;
      token: ApiToken;
      user: User;
      /** Live memberships the token reaches; `expires_at` ends an auditor's access. */
      organizations: { id: string; role: Role; expires_at: string | null }[];
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };
