import { type CodeBlockWriter, type Project, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { Field, Model, Tool, TypeNode } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { ConstRef, writeLiteral } from '../literal.js';
import { toolsetOf } from '../mcp/emit.js';
import { exportedConst } from '../statements.js';

/** Inputs the console fills in itself rather than asking for. */
const MACHINE_FIELDS = new Set(['organization_id', 'id', 'idempotency_key', 'expected_updated_at']);
/** Strings longer than this get a multi-line text area. */
const TEXTAREA_FROM = 1000;

const snake = (pascal: string) => pascal.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();

type FormRegister = { register: string; singular: string; add: Tool; update?: Tool; list?: Tool; get?: Tool };

/**
 * The registers with an add tool, ordered by it: from the register catalog when the spec set has
 * one, else derived from the organization-scoped add tools (`addRisk` → `risks`).
 */
function registersOf(model: Model): FormRegister[] {
  const byName = (name: string) => model.tools.find((t) => t.name === name);
  if (model.registers.length > 0) {
    return model.registers
      .flatMap((r): FormRegister[] => {
        const add = byName(r.tools.add);
        if (!add) return [];
        const [update, list, get] = [r.tools.update, r.tools.list, r.tools.get].map(byName);
        return [
          {
            register: r.plural,
            singular: r.singular,
            add,
            ...(update && { update }),
            ...(list && { list }),
            ...(get && { get }),
          },
        ];
      })
      .sort((a, b) => (a.add.name < b.add.name ? -1 : 1));
  }
  const out: FormRegister[] = [];
  for (const add of model.tools.filter((t) => t.kind === 'add' && t.organizationScoped)) {
    const register = toolsetOf({ tool: add, model });
    const noun = add.name.slice('add'.length);
    const same = (kind: Tool['kind']) =>
      model.tools.find(
        (t) => t.kind === kind && toolsetOf({ tool: t, model }) === register && t.name.endsWith(noun),
      );
    const list = model.tools.find(
      (t) =>
        t.kind === 'list' && toolsetOf({ tool: t, model }) === register && t.pagination?.items === register,
    );
    const [update, get] = [same('update'), same('get')];
    out.push({
      register,
      singular: snake(noun),
      add,
      ...(update && { update }),
      ...(list && { list }),
      ...(get && { get }),
    });
  }
  return out;
}

/**
 * The fields of the shared object types the forms use, each written once as a constant
 * (`evidenceInputFormFields`) that every form using the type refers to; in the order they must be
 * declared (a type after the types inside it).
 */
type SharedFields = Map<string, Record<string, unknown>[]>;

/** The form field of one tool input: its widget kind, bounds, enum values and referenced register. */
function formField(a: {
  field: Field;
  type?: TypeNode;
  required: boolean;
  model: Model;
  refs: Map<string, string>;
  shared: SharedFields;
}): Record<string, unknown> {
  const { field, model } = a;
  const type = a.type ?? field.type;
  const base: Record<string, unknown> = {
    name: field.name,
    description: field.description,
    required: a.required,
    nullable: field.nullable,
    ...(field.default !== undefined && { default: field.default }),
  };
  const reference = a.refs.get(field.name.replace(/_ids?$/, ''));
  const isRef = /_ids?$/.test(field.name) && reference !== undefined;
  switch (type.kind) {
    case 'string':
      if (isRef) return { ...base, kind: 'id', references: reference };
      return {
        ...base,
        kind:
          type.format === 'date'
            ? 'date'
            : type.format === 'date-time'
              ? 'date-time'
              : type.format === 'uri'
                ? 'url'
                : type.format === 'email'
                  ? 'email'
                  : (type.maxLength ?? 0) >= TEXTAREA_FROM
                    ? 'textarea'
                    : 'text',
        ...(type.minLength !== undefined && { minLength: type.minLength }),
        ...(type.maxLength !== undefined && { maxLength: type.maxLength }),
      };
    case 'integer':
    case 'number':
      return {
        ...base,
        kind: type.kind,
        ...(type.min !== undefined && { min: type.min }),
        ...(type.max !== undefined && { max: type.max }),
      };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'enum':
      return { ...base, kind: 'enum', values: type.values };
    case 'ref': {
      const enumDef = model.enums.find((e) => e.name === type.name);
      if (enumDef) return { ...base, kind: 'enum', values: enumDef.values };
      const object = model.objects.find((o) => o.name === type.name);
      if (!object) throw new Error(`Unknown type ${type.name} (validation should have caught it)`);
      if (!a.shared.has(object.name)) a.shared.set(object.name, subFields({ ...a, fields: object.fields }));
      return { ...base, kind: 'object', fields: new ConstRef(names.sharedFormFields(object.name)) };
    }
    case 'object':
      return { ...base, kind: 'object', fields: subFields({ fields: type.fields, ...a }) };
    case 'array': {
      const bounds = {
        ...(type.minItems !== undefined && { minItems: type.minItems }),
        ...(type.maxItems !== undefined && { maxItems: type.maxItems }),
      };
      if (isRef) return { ...base, kind: 'ids', references: reference, ...bounds };
      const item = formField({ ...a, type: type.items, required: true });
      if (item.kind === 'enum') return { ...base, kind: 'enums', values: item.values, ...bounds };
      if (item.kind === 'object') return { ...base, kind: 'objects', fields: item.fields, ...bounds };
      return { ...base, kind: 'strings', ...bounds };
    }
  }
}

function subFields(a: {
  fields: readonly Field[];
  model: Model;
  refs: Map<string, string>;
  shared: SharedFields;
}) {
  return a.fields.map((f) =>
    formField({
      field: f,
      required: !f.optional && f.default === undefined,
      model: a.model,
      refs: a.refs,
      shared: a.shared,
    }),
  );
}

function toolFields(a: {
  tool: Tool | undefined;
  model: Model;
  refs: Map<string, string>;
  shared: SharedFields;
  add: boolean;
}) {
  if (!a.tool) return [];
  return a.tool.input
    .filter((f) => !MACHINE_FIELDS.has(f.name))
    .map((f) =>
      formField({
        field: f,
        required: a.add && !f.optional && f.default === undefined,
        model: a.model,
        refs: a.refs,
        shared: a.shared,
      }),
    );
}

/**
 * `forms.gen.ts`: per register, the add and update tools' fields as the console's forms need them
 * (widget kind, bounds, enum values, required, help text, and which register an `…_id(s)` field
 * points to), so a field added to a spec appears in the console's forms without console changes.
 */
export function emitForms(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.forms;
  const registers = registersOf(a.model);
  const refs = new Map(registers.map((r) => [r.singular, r.register]));
  const shared: SharedFields = new Map();
  const forms = Object.fromEntries(
    registers.map((r) => [
      r.register,
      {
        register: r.register,
        singular: r.singular,
        tools: {
          add: r.add.name,
          update: r.update?.name ?? null,
          list: r.list?.name ?? null,
          get: r.get?.name ?? null,
        },
        add: toolFields({ tool: r.add, model: a.model, refs, shared, add: true }),
        update: toolFields({ tool: r.update, model: a.model, refs, shared, add: false }),
      },
    ]),
  );
  a.project.createSourceFile(
    path,
    {
      statements: [
        {
          kind: StructureKind.ImportDeclaration,
          isTypeOnly: true,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.formDefinition }),
          namedImports: [...(shared.size > 0 ? [names.formFieldType] : []), names.registerFormType],
        },
        {
          kind: StructureKind.ExportDeclaration,
          isTypeOnly: true,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.formDefinition }),
          namedExports: [names.fieldIssueType, names.formFieldType, names.registerFormType],
        },
        ...[...shared].map(([type, fields]) => ({
          kind: StructureKind.VariableStatement as const,
          docs: [`The fields of \`${type}\`, wherever a form has one.`],
          declarationKind: VariableDeclarationKind.Const,
          declarations: [
            {
              name: names.sharedFormFields(type),
              type: `readonly ${names.formFieldType}[]`,
              initializer: (w: CodeBlockWriter) => writeLiteral(w, fields),
            },
          ],
        })),
        exportedConst({
          name: names.registerForms,
          doc: 'Per register, the fields of its add and update forms, from the tools\u2019 input specs.',
          type: `Readonly<Record<string, ${names.registerFormType}>>`,
          init: (w) => writeLiteral(w, forms),
        }),
      ],
    },
    { overwrite: true },
  );
  return {
    path,
    sources: [
      ...a.model.typeSources,
      ...registers.flatMap((r) => [r.add.source, r.update?.source ?? []].flat()),
    ],
    mode: 'generated',
  };
}
