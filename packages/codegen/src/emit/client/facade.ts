import {
  type MethodSignatureStructure,
  type OptionalKind,
  type Project,
  type StatementStructures,
  StructureKind,
} from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { quote } from '../literal.js';

type ListTool = Tool & { pagination: { items: string } };

const inputIsOptional = (t: Tool) => t.input.every((f) => f.optional);
const isListTool = (t: Tool): t is ListTool => t.pagination !== undefined;
const params = (t: Tool) => `${inputIsOptional(t) ? 'input = {}' : 'input'}, callOptions`;

function signature(a: {
  tool: Tool;
  docs: string;
  returnType: string;
}): OptionalKind<MethodSignatureStructure> {
  return {
    name: a.tool.name,
    docs: [a.docs],
    parameters: [
      { name: 'input', hasQuestionToken: inputIsOptional(a.tool), type: names.toolInputType(a.tool.name) },
      { name: 'options', hasQuestionToken: true, type: 'CallOptions' },
    ],
    returnType: a.returnType,
  };
}

/**
 * `client.gen.ts`: the ComplyClient interface and createClient, one method per tool over the core,
 * plus `pages` and `iterate` with an async iterator per list tool.
 */
export function emitClientFacade(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.client.client;
  const { tools } = a.model;
  const lists = tools.filter(isListTool);
  const output = (t: Tool) => names.toolOutputType(t.name);
  const pagesImport: StatementStructures[] =
    lists.length === 0
      ? []
      : [
          {
            kind: StructureKind.ImportDeclaration,
            moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.pages }),
            namedImports: ['iterateItems', 'iteratePages'],
          },
        ];
  const toolTypes = tools.flatMap((t) => [names.toolInputType(t.name), output(t)]);
  const typesImport: StatementStructures[] =
    toolTypes.length === 0
      ? []
      : [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.types }),
            namedImports: toolTypes,
          },
        ];
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.core }),
      namedImports: [
        { name: 'CallOptions', isTypeOnly: true },
        { name: 'ClientOptions', isTypeOnly: true },
        'createCaller',
      ],
    },
    ...pagesImport,
    ...typesImport,
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: [
        'A typed method per Comply tool. Each posts to /api/mcp/tools/{name} and throws ComplyError on failure.',
      ],
      name: names.clientInterface,
      methods: tools.map((t) =>
        signature({ tool: t, docs: `${t.title}.`, returnType: `Promise<${output(t)}>` }),
      ),
      properties: [
        {
          name: 'pages',
          isReadonly: true,
          docs: ['Every page of a list tool, following `next_cursor`.'],
          type: names.clientPagesInterface,
        },
        {
          name: 'iterate',
          isReadonly: true,
          docs: ['Every item of a list tool, across all pages.'],
          type: names.clientIterateInterface,
        },
      ],
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: ['`for await (const page of client.pages.listRisks(input))`: one call per page, on demand.'],
      name: names.clientPagesInterface,
      methods: lists.map((t) =>
        signature({
          tool: t,
          docs: `Every page of \`${t.name}\`, from \`input.cursor\` (or the start) to the last.`,
          returnType: `AsyncGenerator<${output(t)}, void, undefined>`,
        }),
      ),
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: ['`for await (const risk of client.iterate.listRisks(input))`: pages are fetched as needed.'],
      name: names.clientIterateInterface,
      methods: lists.map((t) =>
        signature({
          tool: t,
          docs: `Every item of \`${t.name}\` (\`${t.pagination.items}\`) across all pages.`,
          returnType: `AsyncGenerator<${output(t)}[${quote(t.pagination.items)}][number], void, undefined>`,
        }),
      ),
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      docs: ['Creates a client for one Comply instance (`baseUrl`) and token. Clients share no state.'],
      name: names.createClient,
      parameters: [{ name: 'options', type: 'ClientOptions' }],
      returnType: names.clientInterface,
      statements: (w) => {
        w.writeLine('const call = createCaller(options);');
        w.write(`const pages: ${names.clientPagesInterface} = {`).newLine();
        w.indent(() => {
          for (const t of lists)
            w.writeLine(
              `${t.name}: (${params(t)}) => iteratePages<${output(t)}>({ call, tool: ${quote(t.name)}, input, options: callOptions }),`,
            );
        });
        w.writeLine('};');
        w.write('return {').newLine();
        w.indent(() => {
          for (const t of tools)
            w.writeLine(
              `${t.name}: (${params(t)}) => call<${output(t)}>({ tool: ${quote(t.name)}, input, options: callOptions }),`,
            );
          w.writeLine('pages,');
          w.write('iterate: {').newLine();
          w.indent(() => {
            for (const t of lists)
              w.writeLine(
                `${t.name}: (${params(t)}) => iterateItems({ pages: pages.${t.name}(input, callOptions), key: ${quote(t.pagination.items)} }),`,
              );
          });
          w.writeLine('},');
        });
        w.writeLine('};');
      },
    },
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: tools.map((t) => t.source), mode: 'generated' };
}
