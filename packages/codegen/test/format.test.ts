import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatSpecText } from '../src/format/specs.js';
import { listSpecFiles } from '../src/load/load.js';
import { repoRoot } from './helpers/sandbox.js';

const flow = `# A comment that stays.
name: getPing
annotations: { readOnlyHint: true, destructiveHint: false }
input:
  organization_id: { type: string, min_length: 1, description: "Organization id: org_…" }
  status: { type: array, items: { type: RiskStatus }, description: Statuses. }
  kind: { type: string, enum: [A, B, C] }
examples:
  - input: { organization_id: "org_…", status: [OPEN] }
  - input: {}
`;

describe('the spec formatter', () => {
  it('writes maps in block style, keeps comments, short scalar lists inline and quotes only where needed', () => {
    expect(formatSpecText(flow)).toBe(`# A comment that stays.
name: getPing
annotations:
  readOnlyHint: true
  destructiveHint: false
input:
  organization_id:
    type: string
    min_length: 1
    description: "Organization id: org_…"
  status:
    type: array
    items:
      type: RiskStatus
    description: Statuses.
  kind:
    type: string
    enum: [A, B, C]
examples:
  - input:
      organization_id: org_…
      status: [OPEN]
  - input: {}
`);
  });

  it('is idempotent and leaves the data unchanged', () => {
    const once = formatSpecText(flow);
    expect(formatSpecText(once)).toBe(once);
    expect(parse(once)).toEqual(parse(flow));
  });

  it('keeps every real spec in its canonical form', () => {
    const root = repoRoot;
    const drifted = listSpecFiles(root)
      .map(({ file }) => file)
      .filter((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        return formatSpecText(text) !== text;
      });
    expect(drifted).toEqual([]);
  });
});
