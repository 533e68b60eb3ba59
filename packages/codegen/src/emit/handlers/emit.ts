import { type Project, type StatementStructures, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { quote } from '../literal.js';

/** apps/server: `handlers.gen.ts` (the Handlers map) plus a stub per tool, created only when missing. */
export function emitHandlers(a: { model: Model; project: Project }): EmittedFile[] {
  return [emitHandlerMap(a), ...a.model.tools.map((tool) => emitStub({ tool, project: a.project }))];
}

function emitHandlerMap(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.server.handlers;
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: paths.schemasPackage,
      namedImports: [names.toolName],
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.server.handlerTypes }),
      namedImports: [names.toolHandlerType],
    },
    ...a.model.tools.map(
      (t): StatementStructures => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: moduleSpecifier({ from: path, to: paths.server.stub(t.name) }),
        namedImports: [names.handler(t.name)],
      }),
    ),
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs: ['One handler per tool: the build fails while a tool lacks one.'],
      name: names.handlersType,
      type: `{ readonly [N in ${names.toolName}]: ${names.toolHandlerType}<N> }`,
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Every tool handler, by tool name.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: names.handlers,
          type: names.handlersType,
          initializer: (w) => {
            w.write('{').newLine();
            w.indent(() => {
              for (const t of a.model.tools)
                w.writeLine(
                  t.name === names.handler(t.name) ? `${t.name},` : `${t.name}: ${names.handler(t.name)},`,
                );
            });
            w.write('}');
          },
        },
      ],
    },
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: a.model.tools.map((t) => t.source), mode: 'generated' };
}

function emitStub(a: { tool: Tool; project: Project }): EmittedFile {
  const path = paths.server.stub(a.tool.name);
  const name = a.tool.name;
  a.project.createSourceFile(
    path,
    {
      leadingTrivia: `// Created by \`npm run generate\` from ${a.tool.source}. This file is yours: implement the handler here.\n`,
      statements: [
        {
          kind: StructureKind.ImportDeclaration,
          moduleSpecifier: moduleSpecifier({ from: path, to: paths.server.handlerTypes }),
          namedImports: [names.notImplemented, { name: names.toolHandlerType, isTypeOnly: true }],
        },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          docs: [`${a.tool.title}.`],
          declarationKind: VariableDeclarationKind.Const,
          declarations: [
            {
              name: names.handler(name),
              type: `${names.toolHandlerType}<${quote(name)}>`,
              initializer: `async () => ${names.notImplemented}(${quote(name)})`,
            },
          ],
        },
      ],
    },
    { overwrite: true },
  );
  return { path, sources: [a.tool.source], mode: 'create-once' };
}
