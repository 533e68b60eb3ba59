import type { Catalog } from '../catalog.js';
import type { Diagnostic } from '../diagnostic.js';
import { checkFields } from './fields.js';

/** Checks shared enums, object types and errors: descriptions, duplicate values, fields and cycles. */
export function checkTypes(a: { catalog: Catalog; report: (d: Diagnostic) => void }): void {
  const { catalog, report } = a;
  for (const en of catalog.enums.values()) {
    const at = (code: string, message: string, fix: string, path: (string | number)[]) =>
      report({ code, file: en.spec.file, line: en.spec.lineOf(path), message, fix });
    if (!en.description?.trim())
      at('MISSING_DESCRIPTION', `Enum \`${en.name}\` has no description.`, 'Add a `description:`.', [
        'enums',
        en.name,
      ]);
    en.values.forEach((v, i) => {
      if (en.values.indexOf(v) !== i)
        at(
          'DUPLICATE_ENUM_VALUE',
          `Enum \`${en.name}\` lists \`${v}\` twice.`,
          'Remove the repeated value.',
          ['enums', en.name, 'values', i],
        );
    });
  }
  for (const obj of catalog.objects.values()) {
    if (!obj.description?.trim()) {
      report({
        code: 'MISSING_DESCRIPTION',
        file: obj.spec.file,
        line: obj.spec.lineOf(['types', obj.name], true),
        message: `Type \`${obj.name}\` has no description.`,
        fix: 'Add a `description:`.',
      });
    }
    const ctx = {
      catalog,
      file: obj.spec.file,
      lineOf: obj.spec.lineOf,
      owner: obj.name,
      input: obj.strict,
      referenced: new Set<string>(),
      report,
    };
    checkFields({ ctx, fields: obj.fields, path: ['types', obj.name, 'fields'] });
  }
  for (const [code, e] of catalog.errors) {
    if (!e.description?.trim()) {
      report({
        code: 'MISSING_DESCRIPTION',
        file: e.spec.file,
        line: e.spec.lineOf(['errors', code], true),
        message: `Error code \`${code}\` has no description.`,
        fix: 'Add a `description:`.',
      });
    }
  }
  checkCycles({ catalog, report });
}

function checkCycles(a: { catalog: Catalog; report: (d: Diagnostic) => void }): void {
  const { catalog } = a;
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): void => {
    const obj = catalog.objects.get(name);
    if (!obj || state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(name)), name].join(' → ');
      a.report({
        code: 'TYPE_CYCLE',
        file: obj.spec.file,
        line: obj.spec.lineOf(['types', name], true),
        message: `Type \`${name}\` refers to itself through ${cycle}.`,
        fix: 'Break the cycle; recursive types are not supported.',
      });
      return;
    }
    state.set(name, 'visiting');
    for (const ref of refsOf(obj.fields)) visit(ref, [...trail, name]);
    state.set(name, 'done');
  };
  for (const name of [...catalog.objects.keys()].sort()) visit(name, []);
}

type Fields =
  Catalog['objects'] extends Map<string, infer O> ? (O extends { fields: infer F } ? F : never) : never;

/** Shared type names referenced by a field map, in declaration order. */
export function refsOf(fields: Fields): string[] {
  const out: string[] = [];
  for (const f of Object.values(fields)) {
    out.push(f.type);
    if (f.items) out.push(...refsOf({ item: f.items }));
    if (f.fields) out.push(...refsOf(f.fields));
  }
  return out;
}
