import { tools } from '@comply/schemas';
import type { ForeignProbe } from './foreign-probes.js';
import { asSchema } from './json-schema.js';

/** What a call naming another organization's data must answer, decided by where the id went. */
export type Expected =
  | { status: 404; code: 'NOT_FOUND'; field: string }
  | { status: 400; code: 'INVALID_INPUT'; field: string }
  | { status: 200; empty: true };

/**
 * organization_id and record ids are "not found", exactly as if they did not exist; a cursor is
 * invalid (it is signed for its organization); a required foreign id names the record the tool
 * acts on (getAuditReadiness's framework, the Statement of Applicability tools' framework) and is
 * not found, in a read or a write; any other link to a foreign record in a write is an invalid
 * reference, and a foreign id used as a list filter simply matches nothing.
 */
export function expectedFor(probe: ForeignProbe): Expected {
  const { tool, field } = probe;
  if (field === 'organization_id' || field === 'id') return { status: 404, code: 'NOT_FOUND', field };
  if (field === 'cursor') return { status: 400, code: 'INVALID_INPUT', field };
  const definition = tools[tool];
  const required = asSchema(definition.inputJsonSchema).required ?? [];
  if (required.includes(field)) return { status: 404, code: 'NOT_FOUND', field };
  if (definition.access === 'write') return { status: 400, code: 'INVALID_INPUT', field };
  return { status: 200, empty: true };
}

/** Whether an error's field is the probed one, or a sibling inside the same list item (`controls.0.*`). */
export function namesField({ actual, expected }: { actual: unknown; expected: string }): boolean {
  if (actual === expected) return true;
  const item = /^(.+\.\d+)\./.exec(expected)?.[1];
  return typeof actual === 'string' && item !== undefined && actual.startsWith(`${item}.`);
}
