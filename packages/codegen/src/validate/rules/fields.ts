import type { SpecPath } from '../../load/load.js';
import type { Catalog } from '../catalog.js';
import { builtinTypes } from '../catalog.js';
import type { Diagnostic } from '../diagnostic.js';
import type { RawField } from '../shape.js';

export interface FieldContext {
  catalog: Catalog;
  file: string;
  lineOf: (path: SpecPath, key?: boolean) => number;
  /** Named owner for messages: a tool or type name. */
  owner: string;
  input: boolean;
  /** Collects every shared type referenced, for the `uses` check. */
  referenced: Set<string>;
  report: (d: Diagnostic) => void;
}

/** Checks a map of fields (recursively) for descriptions, type references, constraints and defaults. */
export function checkFields(a: {
  ctx: FieldContext;
  fields: Record<string, RawField>;
  path: SpecPath;
}): void {
  const { ctx, fields, path } = a;
  for (const [name, f] of Object.entries(fields))
    checkField({ ctx, name, f, path: [...path, name], isItem: false });
}

function checkField(a: {
  ctx: FieldContext;
  name: string;
  f: RawField;
  path: SpecPath;
  isItem: boolean;
}): void {
  const { ctx, name, f, path } = a;
  const at = (code: string, message: string, fix: string, sub: SpecPath = []) =>
    ctx.report({ code, file: ctx.file, line: ctx.lineOf([...path, ...sub]), message, fix });
  const label = `\`${ctx.owner}.${path.filter((p) => p !== 'fields' && p !== 'input').join('.')}\``;
  if (!a.isItem && !f.description?.trim()) {
    at(
      'MISSING_DESCRIPTION',
      `Field ${label} has no description.`,
      'Add a `description:` written for an AI model.',
    );
  }
  const enumValues = resolve(ctx, f, at, label);
  const wrongKind = (key: keyof RawField, allowed: string[]) => {
    if (f[key] !== undefined && !allowed.includes(f.type)) {
      at(
        'INVALID_CONSTRAINT',
        `Field ${label} uses \`${key}\`, which does not apply to type \`${f.type}\`.`,
        `Remove \`${key}\` or change the type to ${allowed.join(' or ')}.`,
        [key],
      );
    }
  };
  for (const k of ['format', 'enum', 'min_length', 'max_length'] as const) wrongKind(k, ['string']);
  for (const k of ['min', 'max'] as const) wrongKind(k, ['integer', 'number']);
  for (const k of ['min_items', 'max_items', 'items'] as const) wrongKind(k, ['array']);
  wrongKind('fields', ['object']);
  if (f.type === 'array' && !f.items) {
    at(
      'INVALID_CONSTRAINT',
      `Array field ${label} does not say what its items are.`,
      'Add `items: { type: … }`.',
    );
  }
  if (f.type === 'object' && !f.fields) {
    at(
      'INVALID_CONSTRAINT',
      `Object field ${label} declares no fields.`,
      'Add `fields:` or reference a shared type.',
    );
  }
  if (f.default !== undefined) checkDefault({ f, label, enumValues, at });
  if (f.items) checkField({ ctx, name, f: f.items, path: [...path, 'items'], isItem: true });
  if (f.fields) checkFields({ ctx, fields: f.fields, path: [...path, 'fields'] });
}

type At = (code: string, message: string, fix: string, sub?: SpecPath) => void;

/** Resolves `type`; returns the enum values when the field is an enum. */
function resolve(ctx: FieldContext, f: RawField, at: At, label: string): readonly string[] | undefined {
  if (f.enum) return f.enum;
  if (builtinTypes.has(f.type)) return undefined;
  const en = ctx.catalog.enums.get(f.type);
  const obj = ctx.catalog.objects.get(f.type);
  if (!en && !obj) {
    at(
      'UNKNOWN_TYPE',
      `Field ${label} refers to the unknown type \`${f.type}\`.`,
      `Declare \`${f.type}\` in specs/types/, or use string, integer, number, boolean, array or object.`,
      ['type'],
    );
    return undefined;
  }
  ctx.referenced.add(f.type);
  if (obj && ctx.input && !obj.strict) {
    at(
      'NOT_STRICT_IN_INPUT',
      `Field ${label} uses \`${f.type}\` in an input, but \`${f.type}\` is not strict.`,
      `Add \`strict: true\` to \`${f.type}\` in ${obj.spec.file}, or use a separate input type.`,
      ['type'],
    );
  }
  return en?.values;
}

function checkDefault(a: {
  f: RawField;
  label: string;
  enumValues: readonly string[] | undefined;
  at: At;
}): void {
  const { f, label, enumValues, at } = a;
  const value = f.default;
  if (enumValues) {
    if (typeof value !== 'string' || !enumValues.includes(value)) {
      const enumName = f.enum ? 'the field' : `enum \`${f.type}\``;
      at(
        'UNDECLARED_ENUM_VALUE',
        `Default \`${String(value)}\` of field ${label} is not a value of ${enumName}.`,
        `Use one of ${enumValues.join(', ')}, or declare the value.`,
        ['default'],
      );
    }
    return;
  }
  const ok =
    (f.type === 'string' && typeof value === 'string') ||
    (f.type === 'boolean' && typeof value === 'boolean') ||
    (f.type === 'integer' && Number.isInteger(value)) ||
    (f.type === 'number' && typeof value === 'number');
  const inRange =
    typeof value !== 'number' ||
    ((f.min === undefined || value >= f.min) && (f.max === undefined || value <= f.max));
  if (!ok || !inRange) {
    at(
      'INVALID_DEFAULT',
      `Default \`${JSON.stringify(value)}\` of field ${label} is not a valid \`${f.type}\` within its limits.`,
      'Change the default to a value the field accepts.',
      ['default'],
    );
  }
}
