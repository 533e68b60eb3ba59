import type { ErrorObject } from 'ajv';
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
  const all = errors
    .filter((error) => !['anyOf', 'oneOf', 'allOf'].includes(error.keyword))
    .map((error) => ({ issue: issueOf(error), keyword: error.keyword }));
  const patterned = new Set(
    all.filter((entry) => entry.keyword === 'pattern').map((entry) => entry.issue.pointer),
  );
  const seen = new Set<string>();
  const issues: OscalIssue[] = [];
  for (const { issue, keyword } of all) {
    if (keyword === 'format' && patterned.has(issue.pointer)) continue;
    const inner = `${issue.pointer}/`;
    if (keyword === 'additionalProperties' && all.some((other) => other.issue.pointer.startsWith(inner)))
      continue;
    const key = `${issue.pointer} ${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues.sort((a, b) => depth(b) - depth(a)).slice(0, MAX_ISSUES);
}
