import type { Transaction } from 'kysely';
import type { Actor } from '../context.js';
import type { Database } from '../db/types.js';
import { newId } from '../ids.js';

/** Appends one audit-log entry inside the write's transaction. */
export async function appendAudit(args: {
  trx: Transaction<Database>;
  organizationId: string | null;
  actor: Actor;
  recordType: string;
  recordId: string;
  before: unknown;
  after: unknown;
  at: Date;
}): Promise<void> {
  await args.trx
    .insertInto('audit_log')
    .values({
      id: newId('log', args.at.getTime()),
      organization_id: args.organizationId,
      at: args.at.toISOString(),
      actor_user_id: args.actor.userId,
      token_id: args.actor.tokenId,
      source: args.actor.source,
      action: args.actor.action,
      record_type: args.recordType,
      record_id: args.recordId,
      before: args.before === null || args.before === undefined ? null : JSON.stringify(args.before),
      after: args.after === null || args.after === undefined ? null : JSON.stringify(args.after),
    })
    .execute();
}

/**
 * Appends the entry of a change made by a call: in the call's organization, by its actor, to
 * `record` (its type and id).
 */
export function auditCall(args: {
  trx: Transaction<Database>;
  call: { organizationId: string; actor: Actor };
  record: [type: string, id: string];
  before: unknown;
  after: unknown;
  at: Date;
}): Promise<void> {
  const { call, record, ...entry } = args;
  const [recordType, recordId] = record;
  return appendAudit({
    ...entry,
    organizationId: call.organizationId,
    actor: call.actor,
    recordType,
    recordId,
  });
}
