import type { ControlRef } from '@comply/schemas';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import { checkControls } from '../measures/links.js';
import { checkRefs } from '../refs.js';

/** The roles that may approve a document: those that run the organization. */
export const APPROVER_ROLES: readonly string[] = ['OWNER', 'ADMIN'];

/**
 * The user ids of the approvers named by email: each must be a member of the organization with an
 * approving role. Names the offending entry (`<field>.<index>`); duplicates count once.
 */
export async function resolveApprovers(args: {
  trx: Transaction<Database>;
  organizationId: string;
  emails: readonly string[];
  field: 'approvers';
}): Promise<string[]> {
  if (args.emails.length === 0) return [];
  const lowered = args.emails.map((e) => e.toLowerCase());
  const rows = await args.trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'm.role'])
    .where('m.organization_id', '=', args.organizationId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), 'in', lowered))
    .execute();
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  const ids = new Set<string>();
  lowered.forEach((email, index) => {
    const at = `${args.field}.${index}`;
    const member = byEmail.get(email);
    if (!member) {
      throw invalidInput(at, `\`${at}\` ${email} is not a member of this organization.`);
    }
    if (!APPROVER_ROLES.includes(member.role)) {
      throw invalidInput(
        at,
        `\`${at}\` ${email} is ${member.role}; approvers must be ${APPROVER_ROLES.join(' or ')} members.`,
      );
    }
    ids.add(member.id);
  });
  return [...ids];
}

/** Checks the links a create or update names (controls, measures, approvers); the approvers' ids. */
export async function checkDocumentLinks(args: {
  trx: Transaction<Database>;
  organizationId: string;
  controls?: readonly ControlRef[] | undefined;
  measureIds?: readonly string[] | undefined;
  approvers?: readonly string[] | undefined;
}): Promise<string[] | undefined> {
  const { trx, organizationId } = args;
  if (args.controls) await checkControls({ trx, organizationId, controls: args.controls });
  if (args.measureIds)
    await checkRefs({ trx, table: 'measures', organizationId, ids: args.measureIds, field: 'measure_ids' });
  if (!args.approvers) return undefined;
  return resolveApprovers({ trx, organizationId, emails: args.approvers, field: 'approvers' });
}

/** Replaces the links given (undefined leaves that set as it is). */
export async function replaceDocumentLinks(args: {
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
  controls?: readonly ControlRef[] | undefined;
  measureIds?: readonly string[] | undefined;
  approverIds?: readonly string[] | undefined;
}): Promise<void> {
  const { trx, organizationId, documentId } = args;
  if (args.controls) {
    await trx.deleteFrom('document_controls').where('document_id', '=', documentId).execute();
    const unique = new Map(args.controls.map((c) => [`${c.framework_id}\u0000${c.control_code}`, c]));
    if (unique.size > 0) {
      await trx
        .insertInto('document_controls')
        .values(
          [...unique.values()].map((c) => ({
            organization_id: organizationId,
            document_id: documentId,
            framework_id: c.framework_id,
            control_code: c.control_code,
          })),
        )
        .execute();
    }
  }
  if (args.measureIds) {
    await trx.deleteFrom('document_measures').where('document_id', '=', documentId).execute();
    const ids = [...new Set(args.measureIds)];
    if (ids.length > 0) {
      await trx
        .insertInto('document_measures')
        .values(
          ids.map((id) => ({ organization_id: organizationId, document_id: documentId, measure_id: id })),
        )
        .execute();
    }
  }
  if (args.approverIds) {
    await trx.deleteFrom('document_approvers').where('document_id', '=', documentId).execute();
    if (args.approverIds.length > 0) {
      await trx
        .insertInto('document_approvers')
        .values(
          args.approverIds.map((userId) => ({
            organization_id: organizationId,
            document_id: documentId,
            user_id: userId,
          })),
        )
        .execute();
    }
  }
}
