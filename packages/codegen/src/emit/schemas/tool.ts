import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { inlineLiteral } from '../literal.js';
import { directRefs } from '../refs.js';
import { exportedConst, exportedType, sectionComment } from '../statements.js';
import { writeZodObject } from './zod.js';

/** `tools.gen.ts`: every tool's zod input/output schemas and their types (JSON Schemas derive from them), by tool name. */
export function emitToolSchemas(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.tools;
  const { tools } = a.model;
  const sharedImports = [...new Set(tools.flatMap(sharedRefs))].sort();
  const statements: (string | StatementStructures)[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', namedImports: ['z'] },
  ];
  if (sharedImports.length > 0) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.shared }),
      namedImports: sharedImports,
    });
  }
  for (const tool of tools) statements.push(...toolSection(tool));
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: tools.map((t) => t.source), mode: 'generated' };
}

/** The shared schemas (and paging helpers) a tool's schemas refer to. */
function sharedRefs(tool: Tool): string[] {
  const outputFields = tool.output.kind === 'object' ? tool.output.fields : [];
  return [
    ...[...directRefs(tool.input), ...directRefs(outputFields)].map((r) => names.sharedSchema(r)),
    ...(tool.output.kind === 'ref' ? [names.sharedSchema(tool.output.name)] : []),
    ...(tool.pagination ? [names.pageInputShape, names.orderBySchema, names.pageOutputShape] : []),
  ];
}

/** One tool's section: a comment naming it and its spec, its two schemas and its three types. */
function toolSection(tool: Tool): (string | StatementStructures)[] {
  const outputFields = tool.output.kind === 'object' ? tool.output.fields : [];
  const p = tool.pagination;
  // A list tool refers to the shared paging: its shapes spread after the tool's own fields.
  const pageInput = p
    ? [
        `...${names.pageInputShape},`,
        `order_by: ${names.orderBySchema}(${inlineLiteral(p.orderFields)}, ${inlineLiteral(p.orderDefault)}),`,
      ]
    : [];
  const pageOutput = p ? [`...${names.pageOutputShape},`] : [];
  const inputSchema = names.toolInputSchema(tool.name);
  const outputSchema = names.toolOutputSchema(tool.name);
  return [
    sectionComment(`${tool.name}, from ${tool.source}`),
    exportedConst({
      name: inputSchema,
      doc: `Input of \`${tool.name}\`: unknown keys are rejected, defaults are applied.`,
      init: (w) =>
        writeZodObject({ w, fields: tool.input, strict: true, ctx: { input: true }, more: pageInput }),
    }),
    exportedConst({
      name: outputSchema,
      doc: `Output of \`${tool.name}\`.`,
      init:
        tool.output.kind === 'ref'
          ? names.sharedSchema(tool.output.name)
          : (w) =>
              writeZodObject({
                w,
                fields: outputFields,
                strict: false,
                ctx: { input: false },
                more: pageOutput,
              }),
    }),
    exportedType({
      name: names.toolInputType(tool.name),
      doc: `What a caller sends to \`${tool.name}\`.`,
      type: `z.input<typeof ${inputSchema}>`,
    }),
    exportedType({
      name: names.toolArgsType(tool.name),
      doc: `What the \`${tool.name}\` handler receives (defaults applied).`,
      type: `z.output<typeof ${inputSchema}>`,
    }),
    exportedType({
      name: names.toolOutputType(tool.name),
      doc: `What \`${tool.name}\` returns.`,
      type: `z.output<typeof ${outputSchema}>`,
    }),
  ];
}
