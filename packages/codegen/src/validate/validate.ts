import type { z } from 'zod';
import type { SpecFile } from '../load/load.js';
import type { Catalog } from './catalog.js';
import type { Diagnostic } from './diagnostic.js';
import { sortDiagnostics } from './diagnostic.js';
import { type ExpandedRegister, expandRegisterFile, rawRegisterFileSchema } from './register-file.js';
import { checkRegisters } from './rules/registers.js';
import { checkTool } from './rules/tools.js';
import { checkTypes } from './rules/types.js';
import {
  checkShape,
  type RawTool,
  type RawTypes,
  rawOpenApiSchema,
  rawRegistersSchema,
  rawToolSchema,
  rawTypesSchema,
} from './shape.js';

/** Shape-checks every file, builds the catalog, then runs every rule. Never stops at the first problem. */
export function validateSpecs(files: readonly SpecFile[]): { catalog: Catalog; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = (d: Diagnostic) => diagnostics.push(d);
  const catalog: Catalog = {
    tools: [],
    enums: new Map(),
    objects: new Map(),
    errors: new Map(),
    openapi: [],
  };
  const declared = new Map<string, string>();
  const declare = (a: { name: string; spec: SpecFile; path: (string | number)[]; what: string }): boolean => {
    const first = declared.get(a.name);
    if (first !== undefined) {
      report({
        code: a.what === 'tool' ? 'DUPLICATE_TOOL' : 'DUPLICATE_TYPE',
        file: a.spec.file,
        line: a.spec.lineOf(a.path, true),
        message: `The ${a.what} \`${a.name.replace(/^(tool|error):/, '')}\` is already declared in ${first}.`,
        fix: `Rename one of them or remove the duplicate.`,
      });
      return false;
    }
    declared.set(a.name, a.spec.file);
    return true;
  };
  const expanded: ExpandedRegister[] = [];
  for (const spec of files.filter((f) => f.role === 'register' && f.data !== undefined)) {
    const { value, diagnostics: shape } = checkShape(spec, rawRegisterFileSchema);
    diagnostics.push(...shape);
    if (value) expanded.push(expandRegisterFile(spec, value));
  }
  /**
   * Each spec file of `role` whose shape checks, then each spec the register files expanded to
   * (`derived`, checked when expanded), in that order.
   */
  const eachChecked = <T>(
    role: SpecFile['role'],
    schema: z.ZodType<T>,
    derived: { spec: SpecFile; value?: T }[],
    use: (spec: SpecFile, value: T, isDerived: boolean) => void,
  ) => {
    const specs: { spec: SpecFile; value?: T }[] = [
      ...files.filter((f) => f.role === role && f.data !== undefined).map((spec) => ({ spec })),
      ...derived,
    ];
    for (const { spec, value: given } of specs) {
      const { value, diagnostics: shape } = given
        ? { value: given, diagnostics: [] }
        : checkShape(spec, schema);
      diagnostics.push(...shape);
      if (value) use(spec, value, given !== undefined);
    }
  };
  eachChecked<RawTypes>(
    'types',
    rawTypesSchema,
    expanded.map((r) => r.types),
    (spec, value) => {
      for (const [name, e] of Object.entries(value.enums ?? {})) {
        if (declare({ name, spec, path: ['enums', name], what: 'type' }))
          catalog.enums.set(name, { name, ...e, spec });
      }
      for (const [name, o] of Object.entries(value.types ?? {})) {
        if (declare({ name, spec, path: ['types', name], what: 'type' })) {
          catalog.objects.set(name, {
            name,
            description: o.description,
            strict: o.strict ?? false,
            fields: o.fields,
            spec,
          });
        }
      }
      for (const [code, e] of Object.entries(value.errors ?? {})) {
        if (declare({ name: `error:${code}`, spec, path: ['errors', code], what: 'error code' }))
          catalog.errors.set(code, { ...e, spec });
      }
      if (value.pagination) {
        if (catalog.pagination) {
          report({
            code: 'DUPLICATE_PAGINATION',
            file: spec.file,
            line: spec.lineOf(['pagination'], true),
            message: `\`pagination\` is already declared in ${catalog.pagination.spec.file}.`,
            fix: 'Keep one `pagination:` block.',
          });
        } else catalog.pagination = { raw: value.pagination, spec };
      }
    },
  );
  eachChecked<RawTool>(
    'tool',
    rawToolSchema,
    expanded.flatMap((r) => r.tools),
    (spec, value, isDerived) => {
      if (declare({ name: `tool:${value.name}`, spec, path: ['name'], what: 'tool' })) {
        catalog.tools.push({ raw: value, spec, ...(isDerived && { derived: true }) });
      }
    },
  );
  for (const spec of files.filter((f) => f.role === 'openapi' && f.data !== undefined)) {
    const { value, diagnostics: shape } = checkShape(spec, rawOpenApiSchema);
    diagnostics.push(...shape);
    if (!value) continue;
    for (const name of Object.keys(value.schemas))
      declare({ name, spec, path: ['schemas', name], what: 'type' });
    catalog.openapi.push({ raw: value, spec });
  }
  for (const spec of files.filter((f) => f.role === 'registers' && f.data !== undefined)) {
    const { value, diagnostics: shape } = checkShape(spec, rawRegistersSchema);
    diagnostics.push(...shape);
    if (!value) continue;
    catalog.registers = { raw: value, spec, specs: {} };
  }
  if (expanded.length > 0) mergeRegisterFiles({ catalog, expanded, report });
  const registers = catalog.registers;
  if (registers) {
    const { raw: value, spec } = registers;
    const { counts } = value;
    // The counts type (one integer per register) is declared by the catalog, not restated in types.
    if (counts && declare({ name: counts.type, spec, path: ['counts', 'type'], what: 'type' })) {
      catalog.objects.set(counts.type, {
        name: counts.type,
        description: counts.description,
        strict: false,
        fields: Object.fromEntries(
          Object.keys(value.registers).map((plural) => [
            plural,
            { type: 'integer', min: 0, description: `Number of ${plural.replace(/_/g, ' ')}.` },
          ]),
        ),
        spec,
      });
    }
  }
  checkTypes({ catalog, report });
  checkRegisters({ catalog, report });
  for (const decl of catalog.tools) checkTool({ catalog, decl, report });
  const firstList = catalog.tools.find((t) => t.raw.kind === 'list');
  if (firstList && !catalog.pagination) {
    report({
      code: 'MISSING_PAGINATION_TYPES',
      file: firstList.spec.file,
      line: firstList.spec.lineOf(['pagination'], true),
      message: `List tool \`${firstList.raw.name}\` needs the shared \`pagination\` block, which no file declares.`,
      fix: 'Declare `pagination:` in specs/types/pagination.yaml.',
    });
  }
  return { catalog, diagnostics: sortDiagnostics(diagnostics) };
}

/** Adds the register files' entries to the catalog, in their `order`, after any written in `specs/registers.yaml`. */
function mergeRegisterFiles(a: {
  catalog: Catalog;
  expanded: ExpandedRegister[];
  report: (d: Diagnostic) => void;
}) {
  const first = a.expanded[0];
  if (!first) return;
  a.catalog.registers ??= { raw: { registers: {} }, spec: first.types.spec, specs: {} };
  const { raw, specs } = a.catalog.registers;
  const orders = new Map<number, string>();
  for (const r of [...a.expanded].sort((x, y) => x.order - y.order)) {
    const clash = Object.hasOwn(raw.registers, r.plural) ? r.plural : orders.get(r.order);
    if (clash !== undefined) {
      a.report({
        code: 'DUPLICATE_REGISTER_VALUE',
        file: r.types.spec.file,
        line: r.types.spec.lineOf(['order'], true),
        message:
          clash === r.plural
            ? `The register \`${r.plural}\` is declared twice.`
            : `The order \`${r.order}\` of register \`${r.plural}\` is already used by register \`${clash}\`.`,
        fix: 'Declare each register once, with its own `order`.',
      });
      continue;
    }
    orders.set(r.order, r.plural);
    raw.registers[r.plural] = r.entry;
    specs[r.plural] = r.types.spec;
  }
}
