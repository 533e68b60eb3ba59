import type { Risk } from '@comply/schemas';
import { invalidInput } from '../../errors.js';

/** The columns of a risk its invariants read: a create's row, or an update's merged record. */
export type RiskRule = Pick<
  Risk,
  | 'status'
  | 'treatment'
  | 'inherent_likelihood'
  | 'inherent_impact'
  | 'residual_likelihood'
  | 'residual_impact'
>;

/** The patch keys that can break an invariant; an update touching one is checked on the merged record. */
export const RISK_RULE_KEYS = [
  'status',
  'treatment',
  'inherent_likelihood',
  'inherent_impact',
  'residual_likelihood',
  'residual_impact',
] as const;

const SCORE_KEYS = [
  'residual_likelihood',
  'residual_impact',
  'inherent_likelihood',
  'inherent_impact',
] as const;

/**
 * Refuses a risk whose columns contradict each other (docs/data-model.md, "Invariants"):
 * ACCEPTED ⇒ treatment ACCEPT; CLOSED ⇒ treatment is not ACCEPT; residual score ≤ inherent score.
 * `changed` are the keys the caller set: the error names one of them (on a create, every key).
 */
export function checkRiskInvariants({
  risk,
  changed,
}: {
  risk: RiskRule;
  changed: ReadonlySet<string>;
}): void {
  // The one of the pair the caller set; when both (a create) or neither, `preferred`.
  const pairField = (preferred: 'status' | 'treatment') => {
    const status = changed.has('status');
    if (status === changed.has('treatment')) return preferred;
    return status ? 'status' : 'treatment';
  };
  if (risk.status === 'ACCEPTED' && risk.treatment !== 'ACCEPT') {
    throw invalidInput(
      pairField('treatment'),
      `A risk with \`status\` ACCEPTED must have \`treatment\` ACCEPT (got ${risk.treatment ?? 'none'}): ` +
        'an accepted risk is retained as it is. Set treatment ACCEPT, or keep the status OPEN or IN_TREATMENT ' +
        'while the treatment is carried out.',
    );
  }
  if (risk.status === 'CLOSED' && risk.treatment === 'ACCEPT') {
    throw invalidInput(
      pairField('status'),
      'A risk with `treatment` ACCEPT cannot be `status` CLOSED: an accepted risk still exists and must stay ' +
        'visible. Use status ACCEPTED, or record the treatment that removed the risk (MITIGATE, AVOID or TRANSFER).',
    );
  }
  const inherent = risk.inherent_likelihood * risk.inherent_impact;
  const residual = risk.residual_likelihood * risk.residual_impact;
  if (residual > inherent) {
    const field = SCORE_KEYS.find((key) => changed.has(key)) ?? 'residual_likelihood';
    throw invalidInput(
      field,
      `The residual score (${risk.residual_likelihood}×${risk.residual_impact} = ${residual}) must not exceed ` +
        `the inherent score (${risk.inherent_likelihood}×${risk.inherent_impact} = ${inherent}): measures lower ` +
        'a risk, they do not raise it. Allowed: residual_likelihood × residual_impact ≤ ' +
        'inherent_likelihood × inherent_impact.',
    );
  }
}
