import { invalidInput } from '../../errors.js';
import type { Nonconformity } from './types.js';

/** The columns of a nonconformity its invariants read: a create's row, or an update's merged record. */
export type NonconformityRule = Pick<Nonconformity, 'status' | 'root_cause' | 'corrective_action'>;

const REQUIRED_TO_CLOSE = [
  ['root_cause', 'the cause found'],
  ['corrective_action', 'the action taken to remove the cause'],
] as const;

/**
 * Refuses a CLOSED nonconformity without a root cause or a corrective action (blank text counts as
 * none); closed_at is set by the repository whenever the status is CLOSED. See docs/data-model.md,
 * "Invariants".
 */
export function checkNonconformityInvariants({ nonconformity }: { nonconformity: NonconformityRule }): void {
  if (nonconformity.status !== 'CLOSED') return;
  for (const [field, what] of REQUIRED_TO_CLOSE) {
    const value = nonconformity[field];
    if (value === null || value === undefined || value.trim() === '') {
      throw invalidInput(
        field,
        `A CLOSED nonconformity needs \`${field}\` (${what}); record it, or keep the status OPEN or IN_PROGRESS.`,
      );
    }
  }
}
