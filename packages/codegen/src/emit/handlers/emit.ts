import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { quote } from '../literal.js';
import { genericTools } from '../schemas/registers.js';
import { exportedConst, exportedType, objectOfLines } from '../statements.js';

/** The tools that need a handler file: every tool the generic register handler does not serve. */
function ownHandlerTools(model: Model): Tool[] {
  const generic = new Set(genericTools(model));
  return model.tools.filter((t) => !generic.has(t.name));
}

/**
 * apps/server: `handlers.gen.ts` (the Handlers map) plus a stub per tool that needs a handler file,
 * created only when missing. Plain register tools are served by the generic register handler.
 */
export function emitHandlers(a: { model: Model; project: Project }): EmittedFile[] {
  return [
    emitHandlerMap(a),
    ...ownHandlerTools(a.model).map((tool) => emitStub({ tool, project: a.project })),
  ];
}

function emitHandlerMap(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.server.handlers;
  const own = ownHandlerTools(a.model);
  const generic = genericTools(a.model).length > 0;
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
    ...(generic
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            moduleSpecifier: moduleSpecifier({ from: path, to: paths.server.registerHandler }),
            namedImports: [names.registerHandlers],
          } satisfies StatementStructures,
        ]
      : []),
    ...own.map(
      (t): StatementStructures => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: moduleSpecifier({ from: path, to: paths.server.stub(t.name) }),
        namedImports: [names.handler(t.name)],
      }),
    ),
    exportedType({
      name: names.handlersType,
      doc: `One handler per tool: the build fails while a tool lacks one.${generic ? ' Plain register tools come from the generic register handler.' : ''}`,
      type: `{ readonly [N in ${names.toolName}]: ${names.toolHandlerType}<N> }`,
    }),
    exportedConst({
      name: names.handlers,
      doc: 'Every tool handler, by tool name.',
      type: names.handlersType,
      init: objectOfLines([
        ...(generic ? [`...${names.registerHandlers},`] : []),
        ...own.map((t) =>
          t.name === names.handler(t.name) ? `${t.name},` : `${t.name}: ${names.handler(t.name)},`,
        ),
      ]),
    }),
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  const catalog = generic ? [...new Set(a.model.registers.map((r) => r.source))] : [];
  return { path, sources: [...catalog, ...a.model.tools.map((t) => t.source)], mode: 'generated' };
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
        exportedConst({
          name: names.handler(name),
          doc: `${a.tool.title}.`,
          type: `${names.toolHandlerType}<${quote(name)}>`,
          init: `async () => ${names.notImplemented}(${quote(name)})`,
        }),
      ],
    },
    { overwrite: true },
  );
  return { path, sources: [a.tool.source], mode: 'create-once' };
}
