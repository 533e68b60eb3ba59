import type { Role } from '@comply/schemas';

/** Shapes of the console API replies the pages read. */
export type { Role };

export interface User {
  id: string;
  email: string;
  name: string | null;
}

export interface Organization {
  id: string;
  name: string;
  description: string | null;
  /** Months evidence stays current when it names no valid_until. */
  evidence_validity_months?: number;
  role: Role;
  /** When the user's access ends (an AUDITOR's); null when it does not. */
  access_expires_at?: string | null;
}

export interface Me {
  user: User;
  organizations: Organization[];
  /** Whether the account has a second factor, and whether an organization requires one. */
  second_factor?: { enabled: boolean; required: boolean };
}

export interface Token {
  id: string;
  name: string;
  prefix: string;
  scope: 'READ' | 'WRITE';
  organization_ids: string[] | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  last_used_client: string | null;
  calls_24h: number;
  calls_30d: number;
  status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
  rotation_due: boolean;
}

export interface CreatedToken {
  token: Token;
  secret: string;
  mcp_url: string;
  client_config: unknown;
}

export interface MemberRow {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  /** When an AUDITOR's access ends (past: it has ended); null for the other roles. */
  expires_at: string | null;
  created_at: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor_user_id: string | null;
  token_id: string | null;
  source: string;
  action: string;
  record_type: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The actor's name (or email), as the server names it. */
  actor_name?: string | null;
}

export interface RegisterFilter {
  name: string;
  type: string;
  values: string[] | null;
  description: string;
}

export interface RegisterInfo {
  name: string;
  tool: string;
  filters: RegisterFilter[];
  order_fields: string[];
  default_order: { field: string; direction: string } | null;
}

/** One page of a list. */
export interface ListPage {
  next_cursor: string | null;
  total_count: number;
  /** Present when total_count stopped at the search's count limit: at least that many match. */
  total_count_is_lower_bound?: true;
  [key: string]: unknown;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  access_expires_at: string | null;
  created_at: string;
  expires_at: string;
}

export interface CreatedInvitation {
  invitation: Invitation;
  code: string;
  invitation_url: string;
}

/** What an invitation code shows before it is used. */
export interface InvitationPreview {
  organization_name: string;
  email: string;
  role: Role;
  access_expires_at: string | null;
  expires_at: string;
}
