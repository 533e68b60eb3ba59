import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Caller } from '../core/caller.js';

/** Wraps the authenticated caller so the SDK hands it to the tools/call handler with the request. */
export function authInfoFor(caller: Caller): AuthInfo {
  // The secret itself never travels further than the authentication step.
  return {
    token: caller.tokenId,
    clientId: caller.tokenId,
    scopes: caller.scope === 'WRITE' ? ['read', 'write'] : ['read'],
    extra: { caller },
  };
}

/** The caller the HTTP layer authenticated; its absence is a wiring bug, never a client error. */
export function callerFromAuthInfo(authInfo: AuthInfo | undefined): Caller {
  const caller = authInfo?.extra?.caller as Caller | undefined;
  if (!caller) throw new Error('MCP request reached a tool without an authenticated caller');
  return caller;
}
