import { type Project, type StatementStructures, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { Model, Register } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { inlineLiteral, quote, writeLiteral } from '../literal.js';

/** The tools a register serves through the generic handler: its plain tools without a custom one. */
export function genericToolsOf(register: Register): string[] {
  return Object.values(register.tools).filter((t) => !register.customHandlers.includes(t));
}

/** Every generically served tool of the model, sorted. */
export function genericTools(model: Model): string[] {
  return model.registers.flatMap(genericToolsOf).sort();
}

/** One register as the literal of its catalog entry. */
function entry(r: Register) {
  return {
    plural: r.plural,
    singular: r.singular,
    idPrefix: r.idPrefix,
    table: r.table,
    record: r.record,
    titleFields: r.titleFields,
    tools: r.tools,
    toolNames: r.toolNames,
    customHandlers: r.customHandlers,
    links: r.links,
    console: r.console,
  };
}

/**
 * `registers.gen.ts`: the register catalog (`registers`, `registerNames`, `RegisterName`,
 * `RegisterTable`) and the tools served by the generic register handler (`genericTools`).
 * Emitted only for spec sets that have `specs/registers.yaml`.
 */
export function emitRegisters(a: { model: Model; project: Project }): EmittedFile[] {
  const { registers } = a.model;
  if (registers.length === 0) return [];
  const path = paths.schemas.registers;
  const generic = genericTools(a.model);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.registerDefinition }),
      namedImports: [names.registerDefinitionType],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Every register, keyed by its plural, in catalog order (specs/registers/*.yaml).'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: names.registers,
          initializer: (w) => {
            writeLiteral(w, Object.fromEntries(registers.map((r) => [r.plural, entry(r)])));
            w.write(` as const satisfies { readonly [plural: string]: ${names.registerDefinitionType} }`);
          },
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs: ['The name (plural) of a register.'],
      name: names.registerNameType,
      type: `keyof typeof ${names.registers}`,
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs: ["A register's table in storage."],
      name: names.registerTableType,
      type: `(typeof ${names.registers})[${names.registerNameType}]['table']`,
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Every register name, in catalog order.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: names.registerNames,
          type: `readonly ${names.registerNameType}[]`,
          initializer: inlineLiteral(registers.map((r) => r.plural)),
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs: [
        'A tool the generic register handler serves: a plain list, get, add or update tool of a register.',
      ],
      name: names.genericToolNameType,
      type: generic.length > 0 ? generic.map(quote).join(' | ') : 'never',
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Every tool the generic register handler serves, sorted. Every other tool has a handler file.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: names.genericTools,
          type: `readonly ${names.genericToolNameType}[]`,
          initializer: inlineLiteral(generic),
        },
      ],
    },
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  const sources = [...new Set(registers.map((r) => r.source))];
  return [{ path, sources: sources.length > 0 ? sources : ['specs/registers.yaml'], mode: 'generated' }];
}
