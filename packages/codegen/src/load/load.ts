import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from '../validate/diagnostic.js';

export type SpecPath = readonly (string | number)[];

/** One parsed YAML file: its plain data plus a way back from a data path to a source line. */
export interface SpecFile {
  /** Path relative to the repository root, with forward slashes, e.g. `specs/tools/listRisks.yaml`. */
  file: string;
  /** `openapi`: hand-written OpenAPI paths the generator merges into the document. */
  role: 'tool' | 'types' | 'openapi' | 'registers' | 'register';
  data: unknown;
  /** Line of the value at `path` (or of its key when `key` is true); falls back to the nearest parent. */
  lineOf: (path: SpecPath, key?: boolean) => number;
}

export interface Loaded {
  files: SpecFile[];
  diagnostics: Diagnostic[];
}

/** The register catalog, one file (optional for spec sets without registers). */
export const REGISTERS_FILE = 'specs/registers.yaml';

/** Every spec file under `root` (`specs/{types,tools,openapi,registers}/*.yaml`, then `specs/registers.yaml`), relative paths, sorted per folder. */
export function listSpecFiles(root: string): { file: string; role: SpecFile['role'] }[] {
  const catalog = existsSync(join(root, REGISTERS_FILE))
    ? [{ file: REGISTERS_FILE, role: 'registers' as const }]
    : [];
  return [
    ...(
      [
        ['specs/types', 'types'],
        ['specs/tools', 'tool'],
        ['specs/openapi', 'openapi'],
        ['specs/registers', 'register'],
      ] as const
    ).flatMap(([dir, role]) => listYaml(join(root, dir)).map((name) => ({ file: `${dir}/${name}`, role }))),
    ...catalog,
  ];
}

/** Reads every spec under `root`. Syntax errors become diagnostics. */
export function loadSpecs(root: string): Loaded {
  const files: SpecFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { file, role } of listSpecFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const parsed = parseSpec({ file, text, role });
    files.push(parsed.spec);
    diagnostics.push(...parsed.diagnostics);
  }
  return { files, diagnostics };
}

function listYaml(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.yaml'))
      .sort();
  } catch {
    return [];
  }
}

/** Parses one spec text; exported for tests that work on strings. */
export function parseSpec(input: { file: string; text: string; role: SpecFile['role'] }): {
  spec: SpecFile;
  diagnostics: Diagnostic[];
} {
  const lineCounter = new LineCounter();
  const doc = parseDocument(input.text, { lineCounter, uniqueKeys: true });
  const diagnostics: Diagnostic[] = doc.errors.map((error) => ({
    code: 'YAML_SYNTAX',
    file: input.file,
    line: error.linePos?.[0].line ?? 1,
    message: `The YAML in \`${input.file}\` cannot be parsed: ${error.message.split('\n')[0]}`,
    fix: 'Correct the YAML syntax at this line.',
  }));
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? 1 : lineCounter.linePos(offset).line;
  const lineOf = (path: SpecPath, key = false): number => {
    for (let depth = path.length; depth >= 0; depth--) {
      const sub = path.slice(0, depth);
      if (key && depth === path.length && depth > 0) {
        const parent = doc.getIn(sub.slice(0, -1), true);
        if (isMap(parent)) {
          const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === sub[sub.length - 1]);
          if (pair && isScalar(pair.key)) return lineAt(pair.key.range?.[0]);
        }
      }
      const node = depth === 0 ? doc.contents : doc.getIn(sub, true);
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) return lineAt(range[0]);
    }
    return 1;
  };
  const data = diagnostics.length > 0 ? undefined : doc.toJS();
  return { spec: { file: input.file, role: input.role, data, lineOf }, diagnostics };
}
