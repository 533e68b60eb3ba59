import type { Risk } from '@comply/schemas';
import { invalidInput } from '../../errors.js';

const HOW =
  'Call acceptRisk (OWNER or ADMIN) with a rationale and an expires_on date: it records who accepted ' +
  'the risk and sets status ACCEPTED and treatment ACCEPT.';

/**
 * A risk is ACCEPTED, or treated by ACCEPT, only through an acceptance record (acceptances.ts,
 * docs/data-model.md "Risk acceptance"). Every plain write of a risk — a tool, a console form,
 * the seeds — passes here: a create may set neither, an update may only send back the value the
 * risk already has (a form re-sending its fields). `before` is null on a create.
 */
export function checkAcceptedOnlyByAcceptance({
  before,
  columns,
}: {
  before: Pick<Risk, 'status' | 'treatment'> | null;
  columns: { status?: unknown; treatment?: unknown };
}): void {
  if (columns.status === 'ACCEPTED' && before?.status !== 'ACCEPTED') {
    throw invalidInput(
      'status',
      `\`status\` ACCEPTED is set only through an acceptance record, never by a plain write. ${HOW} ` +
        'Allowed here: OPEN, IN_TREATMENT, CLOSED.',
    );
  }
  if (columns.treatment === 'ACCEPT' && before?.treatment !== 'ACCEPT') {
    throw invalidInput(
      'treatment',
      `\`treatment\` ACCEPT is set only through an acceptance record, never by a plain write. ${HOW} ` +
        'Allowed here: MITIGATE, AVOID, TRANSFER, or none while undecided.',
    );
  }
}
