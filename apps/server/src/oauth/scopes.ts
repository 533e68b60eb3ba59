/** The scopes of the MCP resource: reading, and changing register records. */
export const READ_SCOPE = 'comply:read';
export const WRITE_SCOPE = 'comply:write';
export const MCP_SCOPES = [READ_SCOPE, WRITE_SCOPE] as const;

/** The token scope a set of granted OAuth scopes amounts to; null when it grants nothing. */
export function tokenScopeOf(scopes: Iterable<string>): 'READ' | 'WRITE' | null {
  const granted = new Set(scopes);
  if (granted.has(WRITE_SCOPE)) return 'WRITE';
  if (granted.has(READ_SCOPE)) return 'READ';
  return null;
}

/** The OAuth scopes a token scope grants. */
export function oauthScopesOf(scope: 'READ' | 'WRITE'): string {
  return scope === 'WRITE' ? `${READ_SCOPE} ${WRITE_SCOPE}` : READ_SCOPE;
}
