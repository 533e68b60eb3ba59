import { type ExportDeclarationStructure, type Project, StructureKind } from 'ts-morph';
import type { Model } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';

/** `index.gen.ts`: the package's public API, as explicit named exports. */
export function emitSchemasIndex(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.index;
  const from = (to: string) => moduleSpecifier({ from: path, to });
  const exp = (c: { to: string; values?: string[]; types?: string[] }): ExportDeclarationStructure[] => {
    const out: ExportDeclarationStructure[] = [];
    if (c.values?.length)
      out.push({
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: from(c.to),
        namedExports: c.values,
      });
    if (c.types?.length)
      out.push({
        kind: StructureKind.ExportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: from(c.to),
        namedExports: c.types,
      });
    return out;
  };
  const shared = [...a.model.enums, ...a.model.objects].map((d) => d.name).sort();
  const statements: ExportDeclarationStructure[] = [
    ...exp({
      to: paths.schemas.definition,
      types: [
        'InvalidToolExample',
        names.jsonSchemaType,
        'McpTool',
        names.mcpToolEntryType,
        'ToolAnnotations',
        names.toolDefinitionType,
        'ToolExample',
      ],
    }),
    ...exp({ to: paths.schemas.mcpTools, values: [names.mcpTools] }),
    ...exp({
      to: paths.schemas.forms,
      values: [names.registerForms],
      types: [names.formFieldType, names.registerFormType],
    }),
    ...exp({
      to: paths.schemas.errors,
      values: [names.errorCodes, names.errorStatus],
      types: [names.errorCode],
    }),
    ...exp({
      to: paths.schemas.registry,
      values: [names.toolNames, names.tools],
      types: [names.toolArgs, names.toolInputs, names.toolName, names.toolOutputs],
    }),
    ...(a.model.registers.length > 0
      ? [
          ...exp({ to: paths.schemas.registerDefinition, types: [names.registerDefinitionType] }),
          ...exp({
            to: paths.schemas.registers,
            values: [
              names.genericTools,
              ...(a.model.paging?.input.some((f) => f.name === 'page_size' && f.type.kind === 'integer')
                ? [names.pageSizeLimits]
                : []),
              names.registerNames,
              names.registerOrders,
              names.registers,
            ],
            types: [names.genericToolNameType, names.registerNameType, names.registerTableType],
          }),
        ]
      : []),
    ...exp({
      to: paths.schemas.shared,
      values: shared.map(names.sharedSchema).sort(),
      types: shared.map(names.sharedType),
    }),
    ...exp({
      to: paths.schemas.tools,
      values: a.model.tools.flatMap((t) => [names.toolInputSchema(t.name), names.toolOutputSchema(t.name)]),
      types: a.model.tools.flatMap((t) => [
        names.toolArgsType(t.name),
        names.toolInputType(t.name),
        names.toolOutputType(t.name),
      ]),
    }),
  ];
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return {
    path,
    sources: [...a.model.typeSources, ...a.model.tools.map((t) => t.source)],
    mode: 'generated',
  };
}
