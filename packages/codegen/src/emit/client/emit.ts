import type { Project, StatementStructures } from 'ts-morph';
import { pagedFields } from '../../model/paging.js';
import type { Model, Tool } from '../../model/types.js';
import { names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { exportedType, sectionComment } from '../statements.js';
import { emitClientFacade } from './facade.js';
import { emitClientIndex } from './index.js';
import { writeTsObject } from './ts-type.js';

/** Every file of packages/client that the generator owns. */
export function emitClient(a: { model: Model; project: Project }): EmittedFile[] {
  return [emitClientTypes(a), emitClientFacade(a), emitClientIndex(a)];
}

/**
 * `types.gen.ts`: shared enums as string unions, shared objects as interfaces-like aliases, then each
 * tool's input and output types, by tool name.
 */
function emitClientTypes(a: { model: Model; project: Project }): EmittedFile {
  const statements: (string | StatementStructures)[] = [];
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
  // The client's types are plain and self-contained: a list tool's paging is expanded into them.
  for (const tool of a.model.tools) statements.push(...toolTypes({ ...tool, ...pagedFields(a.model, tool) }));
  a.project.createSourceFile(paths.client.types, { statements }, { overwrite: true });
  return {
    path: paths.client.types,
    sources: [...a.model.typeSources, ...a.model.tools.map((t) => t.source)],
    mode: 'generated',
  };
}

/** One tool's section of types.gen.ts: a comment naming it and its spec, its input and output types. */
function toolTypes(tool: Tool): (string | StatementStructures)[] {
  const outputFields = tool.output.kind === 'object' ? tool.output.fields : [];
  return [
    sectionComment(`${tool.name}, from ${tool.source}`),
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
  ];
}
