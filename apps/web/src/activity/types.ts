import type { AuditEntry } from '../types.js';

/** An activity entry with the names the server resolved. */
export interface ActivityEntry extends AuditEntry {
  record_name: string | null;
  actor_name: string | null;
  token_name: string | null;
}
