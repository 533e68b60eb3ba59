import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { emitAll, readModel } from '../src/generate.js';
import { formatDiagnostics } from '../src/validate/diagnostic.js';
import { repoRoot } from './helpers/sandbox.js';

const FORMS = 'packages/schemas/src/forms.gen.ts';

/** A copy of the real specs, optionally edited, and the forms file the generator emits from it. */
function formsFrom(edit?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'comply-forms-'));
  cpSync(join(repoRoot, 'specs'), join(dir, 'specs'), { recursive: true });
  edit?.(dir);
  const { model, diagnostics } = readModel(dir);
  expect(formatDiagnostics(diagnostics)).toBe('');
  const text = emitAll(model!).get(FORMS)?.text;
  expect(text).toBeDefined();
  return text!;
}

/** The emitted forms as data: the file run as a module (it imports types only). */
function parse(
  text: string,
): Record<string, { add: Field[]; update: Field[]; tools: Record<string, string> }> {
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const exports: { registerForms?: ReturnType<typeof parse> } = {};
  new Function('exports', js)(exports);
  return exports.registerForms!;
}
interface Field {
  name: string;
  kind: string;
  required: boolean;
  references?: string;
  values?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  description: string;
  fields?: Field[];
}

describe('forms emitter', () => {
  const forms = parse(formsFrom());
  const field = (register: string, form: 'add' | 'update', name: string) =>
    forms[register]?.[form].find((f) => f.name === name);

  it('describes every register that has an add tool, with its tools', () => {
    // Every register file of specs/registers/ has its plain four tools, add among them.
    const registerFiles = readdirSync(join(repoRoot, 'specs/registers')).map((f) => f.replace(/\.yaml$/, ''));
    expect(Object.keys(forms).sort()).toEqual(registerFiles.sort());
    expect(Object.keys(forms)).toContain('nonconformities');
    expect(forms.nonconformities?.tools).toEqual({
      add: 'addNonconformity',
      update: 'updateNonconformity',
      list: 'listNonconformities',
      get: 'getNonconformity',
    });
  });

  it('carries types, bounds, enum values, required and help text; leaves out what the console fills in', () => {
    expect(field('risks', 'add', 'inherent_likelihood')).toMatchObject({
      kind: 'integer',
      min: 1,
      max: 5,
      required: true,
      description: 'Likelihood before measures (1-5).',
    });
    expect(field('risks', 'update', 'inherent_likelihood')?.required).toBe(false);
    expect(field('risks', 'add', 'status')).toMatchObject({ kind: 'enum', required: false });
    expect(field('risks', 'add', 'status')?.values).toContain('OPEN');
    expect(field('risks', 'add', 'description')).toMatchObject({ kind: 'textarea', maxLength: 10000 });
    expect(field('risks', 'add', 'review_date')?.kind).toBe('date');
    for (const machine of ['organization_id', 'idempotency_key', 'expected_updated_at', 'id']) {
      expect(field('risks', 'add', machine)).toBeUndefined();
      expect(field('risks', 'update', machine)).toBeUndefined();
    }
  });

  it('marks id fields with the register they point to, nested ones included', () => {
    expect(field('risks', 'add', 'measure_ids')).toMatchObject({ kind: 'ids', references: 'measures' });
    expect(field('assets', 'add', 'vendor_id')).toMatchObject({ kind: 'id', references: 'vendors' });
    expect(field('nonconformities', 'update', 'audit_id')).toMatchObject({ references: 'audits' });
    const controls = field('measures', 'add', 'controls');
    expect(controls?.kind).toBe('objects');
    expect(controls?.fields?.find((f) => f.name === 'framework_id')?.references).toBe('frameworks');
  });

  it('shows a field added to a spec without any console change', () => {
    const edited = parse(
      formsFrom((dir) => {
        const spec = join(dir, 'specs/registers/vendors.yaml');
        const text = readFileSync(spec, 'utf8').replace(
          /\nadd:\n([\s\S]*?)\n {2}fields:\n/,
          '\nadd:\n$1\n  fields:\n    contract_reference:\n      type: string\n      optional: true\n      max_length: 80\n      description: Contract number.\n',
        );
        writeFileSync(spec, text);
      }),
    );
    expect(edited.vendors?.add.find((f) => f.name === 'contract_reference')).toMatchObject({
      kind: 'text',
      maxLength: 80,
      required: false,
      description: 'Contract number.',
    });
    expect(forms.vendors?.add.find((f) => f.name === 'contract_reference')).toBeUndefined();
  });
});
