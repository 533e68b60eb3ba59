import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import type { Model } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { exportedConst, exportedType, objectOfLines } from '../statements.js';

/**
 * packages/storage: `registers/registers.gen.ts`, every register's repository factory by register
 * name (`registers/<plural>.ts` exporting `<plural>Repository`), so the storage's list
 * of repositories reads the catalog. Emitted only for spec sets with a register catalog.
 */
export function emitStorage(a: { model: Model; project: Project }): EmittedFile[] {
  const { registers } = a.model;
  if (registers.length === 0) return [];
  const path = paths.storage.registers;
  const statements: StatementStructures[] = [
    ...registers.map(
      (r): StatementStructures => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: moduleSpecifier({ from: path, to: paths.storage.repository(r.plural) }),
        namedImports: [names.storageRepository(r.plural)],
      }),
    ),
    exportedConst({
      name: names.registerRepositories,
      doc: "Each register's repository factory, by register name, in catalog order.",
      init: objectOfLines(
        registers.map((r) => `${r.plural}: ${names.storageRepository(r.plural)},`),
        ' as const',
      ),
    }),
    exportedType({
      name: names.registerRepositoriesType,
      doc: "Each register's repository, by register name.",
      type: `{ [R in keyof typeof ${names.registerRepositories}]: ReturnType<(typeof ${names.registerRepositories})[R]> }`,
    }),
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return [{ path, sources: [...new Set(registers.map((r) => r.source))], mode: 'generated' }];
}
