import type { ErrorObject } from 'ajv';
import { IMPORT_LIMITS } from './limits.js';
import type { OscalIssue } from './types.js';

const MAX_ISSUES = 10;

// The schema's datatypes are patterns; say what they mean instead of quoting the regular expression.
const PATTERNS: [RegExp, string][] = [
  [/^\^\(\\p\{L\}\|_\)/, 'must be an OSCAL token: a letter or "_", then letters, digits, ".", "-" or "_"'],
  [/^\^\[0-9A-Fa-f\]\{8\}/, 'must be a UUID of version 4 or 5'],
  [/T\(2\[0-3\]/, 'must be a date-time with a time zone, e.g. 2026-01-31T12:00:00Z'],
  [/^\^\(\(\(2000/, 'must be a date, e.g. 2026-01-31'],
  [/^\^\[\^(\n|\\n)\]\+\$$/, 'must be a single non-empty line'],
  [/^\^\\S\(\.\*\\S\)\?\$$/, 'must be non-empty, without leading or trailing whitespace'],
];

function issueOf(error: ErrorObject): OscalIssue {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: `${error.instancePath}/${params.missingProperty}`, message: 'is required' };
    case 'additionalProperties':
      return {
        pointer: `${error.instancePath}/${params.additionalProperty}`,
        message: 'is not allowed here (unknown property)',
      };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ');
      return { pointer: error.instancePath, message: `must be one of ${allowed}` };
    }
    case 'pattern': {
      const known = PATTERNS.find(([shape]) => shape.test(String(params.pattern)));
      return { pointer: error.instancePath, message: known?.[1] ?? error.message ?? 'has the wrong form' };
    }
    default:
      return { pointer: error.instancePath, message: error.message ?? `fails ${error.keyword}` };
  }
}

const depth = (issue: OscalIssue) => issue.pointer.split('/').length;

/**
 * The first issues worth showing, deepest first. The schema's anyOf alternatives (a group with
 * controls, a group with sub-groups…) also report the branches that did not apply: an "unknown
 * property" whose value has problems of its own deeper down is such an echo, and so is a format
 * error beside a pattern error on the same value.
 */
export function firstIssues(errors: ErrorObject[]): OscalIssue[] {
  // A document may carry hundreds of thousands of errors: the first ones are enough to show.
  const all = errors
    .slice(0, IMPORT_LIMITS.schemaErrors)
    .filter((error) => !['anyOf', 'oneOf', 'allOf'].includes(error.keyword))
    .map((error) => ({ issue: issueOf(error), keyword: error.keyword }));
  const patterned = new Set(
    all.filter((entry) => entry.keyword === 'pattern').map((entry) => entry.issue.pointer),
  );
  // Every pointer that has an issue below it, found in one pass over each issue's ancestors.
  const parents = new Set<string>();
  for (const { issue } of all) {
    for (let cut = issue.pointer.lastIndexOf('/'); cut > 0; cut = issue.pointer.lastIndexOf('/', cut - 1))
      parents.add(issue.pointer.slice(0, cut));
  }
  const seen = new Set<string>();
  const issues: OscalIssue[] = [];
  for (const { issue, keyword } of all) {
    if (keyword === 'format' && patterned.has(issue.pointer)) continue;
    if (keyword === 'additionalProperties' && parents.has(issue.pointer)) continue;
    const key = `${issue.pointer} ${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues.sort((a, b) => depth(b) - depth(a)).slice(0, MAX_ISSUES);
}
