import { ToolError } from './handler.js';

/** The refusal of a plain write that would make a risk ACCEPTED: only acceptRisk does that. */
export function acceptedOnlyThroughAcceptance(tool: 'addRisk' | 'updateRisk'): ToolError {
  return new ToolError({
    code: 'INVALID_INPUT',
    field: 'status',
    message:
      `${tool} cannot set \`status\` ACCEPTED: a risk becomes ACCEPTED only through an acceptance record. ` +
      'Call acceptRisk (OWNER or ADMIN) with a rationale and an expires_on date; it sets the status and treatment. ' +
      'Allowed here: OPEN, IN_TREATMENT, CLOSED.',
  });
}
