import { type ExportDeclarationStructure, type Project, StructureKind } from 'ts-morph';
import type { Model } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';

const pagesExports = (a: { model: Model }): ExportDeclarationStructure[] =>
  a.model.tools.some((t) => t.pagination)
    ? [
        {
          kind: StructureKind.ExportDeclaration,
          moduleSpecifier: moduleSpecifier({ from: paths.client.index, to: paths.client.pages }),
          namedExports: ['iterateItems', 'iteratePages'],
        },
      ]
    : [];

/** `index.gen.ts`: the client package's public API. */
export function emitClientIndex(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.client.index;
  const from = (to: string) => moduleSpecifier({ from: path, to });
  const shared = [...a.model.enums, ...a.model.objects].map((d) => names.sharedType(d.name)).sort();
  const statements: ExportDeclarationStructure[] = [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: from(paths.client.client),
      namedExports: [names.createClient],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: from(paths.client.client),
      namedExports: [names.clientInterface, names.clientIterateInterface, names.clientPagesInterface],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: from(paths.client.core),
      namedExports: ['Call', 'CallOptions', 'ClientOptions'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: from(paths.client.errors),
      namedExports: ['ComplyConnectionError', 'ComplyError'],
    },
    ...pagesExports(a),
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: from(paths.client.types),
      namedExports: [
        ...shared,
        ...a.model.tools.flatMap((t) => [names.toolInputType(t.name), names.toolOutputType(t.name)]),
      ],
    },
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return {
    path,
    sources: [...a.model.typeSources, ...a.model.tools.map((t) => t.source)],
    mode: 'generated',
  };
}
