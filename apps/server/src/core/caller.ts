/** A member's role in an organization (AUDITOR: read-only, for one organization, until a date). */
export type Role = 'OWNER' | 'ADMIN' | 'EDITOR' | 'VIEWER' | 'AUDITOR';

/** Whom a request acts for: the token's user, narrowed by what the token allows. */
export interface Caller {
  userId: string;
  /** Empty for a console session, which acts without a token. */
  tokenId: string;
  scope: 'READ' | 'WRITE';
  /** Organizations the caller may use (memberships ∩ the token's restriction), with the role in each. */
  organizations: ReadonlyMap<string, Role>;
  /** Which transport carried the call, for the audit log and usage figures. */
  source: 'mcp' | 'rest' | 'console';
  ip: string;
  /** The client's self-reported name (MCP clientInfo or User-Agent), for token usage. */
  client: string | null;
  /** Authenticated with an OAuth access token (a connected app) rather than an API token. */
  viaOAuth?: boolean;
}

const WRITE_ROLES: ReadonlySet<Role> = new Set(['OWNER', 'ADMIN', 'EDITOR']);

/** Whether the role may change register records (VIEWERs and AUDITORs read only). */
export function roleCanWrite(role: Role): boolean {
  return WRITE_ROLES.has(role);
}
