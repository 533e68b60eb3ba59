import type { Actor, Storage } from '@comply/storage';
import type { Caller, Role } from './caller.js';

/** What a handler receives besides its input: the storage, the caller, and the organization in play. */
export interface ToolContext {
  storage: Storage;
  caller: Caller;
  /** The organization the call acts in; undefined only for listOrganizations. */
  organizationId: string | undefined;
  /** The caller's role in `organizationId`. */
  role: Role | undefined;
  actor: Actor;
}
