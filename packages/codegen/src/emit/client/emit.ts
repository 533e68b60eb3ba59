import { type Project, type StatementStructures, StructureKind } from 'ts-morph';
import { pagedFields } from '../../model/paging.js';
import type { Model, Tool } from '../../model/types.js';
import { moduleSpecifier, names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { directRefs } from '../refs.js';
import { exportedType } from '../statements.js';
import { emitClientFacade } from './facade.js';
import { emitClientIndex } from './index.js';
import { writeTsObject } from './ts-type.js';

/** Every file of packages/client that the generator owns. */
export function emitClient(a: { model: Model; project: Project }): EmittedFile[] {
  return [
    emitClientTypes(a),
    // The client's types are plain and self-contained: a list tool's paging is expanded into them.
    ...a.model.tools.map((tool) =>
      emitClientTool({ ...a, tool: { ...tool, ...pagedFields(a.model, tool) } }),
    ),
    emitClientFacade(a),
    emitClientIndex(a),
  ];
}

/** `types.gen.ts`: shared enums as string unions, shared objects as interfaces-like aliases. */
function emitClientTypes(a: { model: Model; project: Project }): EmittedFile {
  const statements: StatementStructures[] = [];
  for (const en of a.model.enums) {
    statements.push(
      exportedType({
        name: names.sharedType(en.name),
        doc: en.description,
        type: en.values.map((v) => `'${v}'`).join(' | '),
      }),
    );
  }
  for (const obj of a.model.objects) {
    statements.push(
      exportedType({
        name: names.sharedType(obj.name),
        doc: obj.description,
        type: (w) => writeTsObject({ w, fields: obj.fields, ctx: { input: obj.strict } }),
      }),
    );
  }
  a.project.createSourceFile(paths.client.types, { statements }, { overwrite: true });
  return { path: paths.client.types, sources: a.model.typeSources, mode: 'generated' };
}

/** `tools/<name>.gen.ts`: the input and output types of one tool. */
function emitClientTool(a: { model: Model; tool: Tool; project: Project }): EmittedFile {
  const { tool } = a;
  const path = paths.client.tool(tool.name);
  const outputFields = tool.output.kind === 'object' ? tool.output.fields : [];
  const refs = [
    ...new Set([
      ...directRefs(tool.input),
      ...directRefs(outputFields),
      ...(tool.output.kind === 'ref' ? [tool.output.name] : []),
    ]),
  ].sort();
  const statements: StatementStructures[] = [];
  if (refs.length > 0) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: moduleSpecifier({ from: path, to: paths.client.types }),
      namedImports: refs.map(names.sharedType),
    });
  }
  statements.push(
    exportedType({
      name: names.toolInputType(tool.name),
      doc: `What a caller sends to \`${tool.name}\`.`,
      type: (w) => writeTsObject({ w, fields: tool.input, ctx: { input: true } }),
    }),
    exportedType({
      name: names.toolOutputType(tool.name),
      doc: `What \`${tool.name}\` returns.`,
      type:
        tool.output.kind === 'ref'
          ? names.sharedType(tool.output.name)
          : (w) => writeTsObject({ w, fields: outputFields, ctx: { input: false } }),
    }),
  );
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: [tool.source], mode: 'generated' };
}
