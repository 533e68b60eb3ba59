import {
  type ExportDeclarationStructure,
  type Project,
  type StatementStructures,
  StructureKind,
} from 'ts-morph';
import type { Model } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { quote } from '../literal.js';

const inputIsOptional = (fields: Model['tools'][number]['input']) => fields.every((f) => f.optional);

/** `client.gen.ts`: the ComplyClient interface and createClient, one method per tool over the core. */
export function emitClientFacade(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.client.client;
  const { tools } = a.model;
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.core }),
      namedImports: [{ name: 'ClientOptions', isTypeOnly: true }, 'createCaller'],
    },
    ...tools.map(
      (t): StatementStructures => ({
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.tool(t.name) }),
        namedImports: [names.toolInputType(t.name), names.toolOutputType(t.name)],
      }),
    ),
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: [
        'A typed method per Comply tool. Each posts to /api/mcp/tools/{name} and throws ComplyError on failure.',
      ],
      name: names.clientInterface,
      methods: tools.map((t) => ({
        name: t.name,
        docs: [`${t.title}.`],
        parameters: [
          { name: 'input', hasQuestionToken: inputIsOptional(t.input), type: names.toolInputType(t.name) },
        ],
        returnType: `Promise<${names.toolOutputType(t.name)}>`,
      })),
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      docs: ['Creates a client for one Comply instance (`baseUrl`) and token.'],
      name: names.createClient,
      parameters: [{ name: 'options', type: 'ClientOptions' }],
      returnType: names.clientInterface,
      statements: (w) => {
        w.writeLine('const call = createCaller(options);');
        w.write('return {').newLine();
        w.indent(() => {
          for (const t of tools) {
            const param = inputIsOptional(t.input) ? 'input = {}' : 'input';
            w.writeLine(
              `${t.name}: (${param}) => call<${names.toolOutputType(t.name)}>(${quote(t.name)}, input),`,
            );
          }
        });
        w.writeLine('};');
      },
    },
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: tools.map((t) => t.source), mode: 'generated' };
}

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
      namedExports: [names.clientInterface],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: from(paths.client.core),
      namedExports: ['ComplyError'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: from(paths.client.core),
      namedExports: ['ClientOptions'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: from(paths.client.types),
      namedExports: shared,
    },
    ...a.model.tools.map(
      (t): ExportDeclarationStructure => ({
        kind: StructureKind.ExportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: from(paths.client.tool(t.name)),
        namedExports: [names.toolInputType(t.name), names.toolOutputType(t.name)],
      }),
    ),
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return {
    path,
    sources: [...a.model.typeSources, ...a.model.tools.map((t) => t.source)],
    mode: 'generated',
  };
}
