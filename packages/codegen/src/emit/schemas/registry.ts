import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import type { Model } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { inlineLiteral, quote, writeLiteral } from '../literal.js';
import { exportedConst, exportedType } from '../statements.js';

/** `registry.gen.ts`: ToolName, toolNames, the ToolInputs/ToolArgs/ToolOutputs maps and the `tools` registry. */
export function emitRegistry(a: { model: Model; project: Project }): EmittedFile {
  const { tools } = a.model;
  const path = paths.schemas.registry;
  const statements: StatementStructures[] = [];
  if (tools.length > 0) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.tools }),
      namedImports: tools.flatMap((t) => [
        { name: names.toolArgsType(t.name), isTypeOnly: true },
        { name: names.toolInputType(t.name), isTypeOnly: true },
        { name: names.toolOutputType(t.name), isTypeOnly: true },
        names.toolInputSchema(t.name),
        names.toolOutputSchema(t.name),
      ]),
    });
  }
  statements.push({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.jsonSchema }),
    namedImports: [names.jsonSchemaOf],
  });
  statements.push({
    kind: StructureKind.ImportDeclaration,
    isTypeOnly: true,
    moduleSpecifier: moduleSpecifier({ from: path, to: paths.schemas.definition }),
    namedImports: [names.toolDefinitionType],
  });
  const map = (c: { name: string; doc: string; type: (tool: string) => string }): StatementStructures => ({
    kind: StructureKind.Interface,
    isExported: true,
    docs: [c.doc],
    name: c.name,
    properties: tools.map((t) => ({ name: t.name, type: c.type(t.name) })),
  });
  statements.push(
    exportedType({
      name: names.toolName,
      doc: 'The name of a tool.',
      type: tools.length > 0 ? tools.map((t) => quote(t.name)).join(' | ') : 'never',
    }),
    exportedConst({
      name: names.toolNames,
      doc: 'Every tool name, sorted.',
      type: `readonly ${names.toolName}[]`,
      init: inlineLiteral(tools.map((t) => t.name)),
    }),
    map({ name: names.toolInputs, doc: 'What a caller sends, per tool.', type: names.toolInputType }),
    map({
      name: names.toolArgs,
      doc: 'What a handler receives after validation and defaults, per tool.',
      type: names.toolArgsType,
    }),
    map({ name: names.toolOutputs, doc: 'What each tool returns.', type: names.toolOutputType }),
    exportedConst({
      name: names.tools,
      doc: 'Metadata, schemas and (derived on first use) JSON Schemas of every tool.',
      type: `{ readonly [N in ${names.toolName}]: ${names.toolDefinitionType}<N> }`,
      init: (w) => {
        w.write('{').newLine();
        w.indent(() => {
          for (const t of tools) {
            w.write(`${t.name}: {`).newLine();
            w.indent(() => {
              w.writeLine(`name: ${quote(t.name)},`);
              w.writeLine(`title: ${quote(t.title)},`);
              w.writeLine(`description: ${quote(t.description)},`);
              w.writeLine(`annotations: ${inlineLiteral(t.annotations)},`);
              w.writeLine(`access: ${quote(t.access)},`);
              if (t.selfAttestation) w.writeLine('selfAttestation: true,');
              w.writeLine(`organizationScoped: ${t.organizationScoped},`);
              w.writeLine(`input: ${names.toolInputSchema(t.name)},`);
              w.writeLine(`output: ${names.toolOutputSchema(t.name)},`);
              // Derived from zod on first use, once (json-schema.ts).
              for (const [key, schema, io] of [
                ['inputJsonSchema', names.toolInputSchema(t.name), 'input'],
                ['outputJsonSchema', names.toolOutputSchema(t.name), 'output'],
              ] as const)
                w.writeLine(`get ${key}() { return ${names.jsonSchemaOf}(${schema}, ${quote(io)}); },`);
              w.write('examples: ');
              writeLiteral(w, t.examples);
              w.write(',').newLine();
              w.write('invalidExamples: ');
              writeLiteral(w, t.invalidExamples);
              w.write(',').newLine();
            });
            w.write('},').newLine();
          }
        });
        w.write('}');
      },
    }),
  );
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: tools.map((t) => t.source), mode: 'generated' };
}
