import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import type { Model, Register } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { inlineLiteral, quote, writeLiteral } from '../literal.js';
import { exportedConst, exportedType, objectOfLines } from '../statements.js';

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
    archive: r.archive,
    console: r.console,
  };
}

/**
 * What storage needs of the shared paging, so it reads them instead of restating them: the
 * `page_size` limits and default, and each register's list order (its list tool's `order_by`).
 */
function pagingStatements(model: Model): StatementStructures[] {
  const pageSize = model.paging?.input.find((f) => f.name === 'page_size');
  const limits =
    pageSize?.type.kind === 'integer'
      ? { min: pageSize.type.min, max: pageSize.type.max, default: pageSize.default }
      : undefined;
  const orders = model.registers.flatMap((r) => {
    const p = model.tools.find((t) => t.name === r.tools.list)?.pagination;
    return p ? [[r.plural, { fields: p.orderFields, default: p.orderDefault }] as const] : [];
  });
  return [
    ...(limits
      ? [
          exportedConst({
            name: names.pageSizeLimits,
            doc: 'Page sizes a list tool accepts (`page_size`), and the size when omitted.',
            init: (w) => {
              writeLiteral(w, limits);
              w.write(' as const');
            },
          }),
        ]
      : []),
    exportedConst({
      name: names.registerOrders,
      doc: "Each register's list order: the fields its list tool's `order_by` accepts and the default.",
      init: objectOfLines(
        orders.map(([plural, order]) => `${plural}: ${inlineLiteral(order)},`),
        ' as const',
      ),
    }),
  ];
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
    exportedConst({
      name: names.registers,
      doc: 'Every register, keyed by its plural, in catalog order (specs/registers/*.yaml).',
      init: (w) => {
        writeLiteral(w, Object.fromEntries(registers.map((r) => [r.plural, entry(r)])));
        w.write(` as const satisfies { readonly [plural: string]: ${names.registerDefinitionType} }`);
      },
    }),
    exportedType({
      name: names.registerNameType,
      doc: 'The name (plural) of a register.',
      type: `keyof typeof ${names.registers}`,
    }),
    exportedType({
      name: names.registerTableType,
      doc: "A register's table in storage.",
      type: `(typeof ${names.registers})[${names.registerNameType}]['table']`,
    }),
    exportedConst({
      name: names.registerNames,
      doc: 'Every register name, in catalog order.',
      type: `readonly ${names.registerNameType}[]`,
      init: inlineLiteral(registers.map((r) => r.plural)),
    }),
    exportedType({
      name: names.genericToolNameType,
      doc: 'A tool the generic register handler serves: a plain list, get, add or update tool of a register.',
      type: generic.length > 0 ? generic.map(quote).join(' | ') : 'never',
    }),
    exportedConst({
      name: names.genericTools,
      doc: 'Every tool the generic register handler serves, sorted. Every other tool has a handler file.',
      type: `readonly ${names.genericToolNameType}[]`,
      init: inlineLiteral(generic),
    }),
    ...pagingStatements(a.model),
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  const sources = [...new Set(registers.map((r) => r.source))];
  return [{ path, sources: sources.length > 0 ? sources : ['specs/registers.yaml'], mode: 'generated' }];
}
