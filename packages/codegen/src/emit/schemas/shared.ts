import { type CodeBlockWriter, type Project, type StatementStructures, StructureKind } from 'ts-morph';
import { orderByField } from '../../model/paging.js';
import type { Model } from '../../model/types.js';
import { names, paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { inlineLiteral, quote } from '../literal.js';
import { exportedConst, exportedType, objectOfLines } from '../statements.js';
import { writeZodObject, writeZodProperties } from './zod.js';

/**
 * `shared.gen.ts`: a zod schema and a type for every shared enum and object type, emitted once here
 * and referenced by the tools' schemas (their JSON Schemas are derived from zod: json-schema.ts).
 */
export function emitSharedSchemas(a: { model: Model; project: Project }): EmittedFile {
  const path = paths.schemas.shared;
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', namedImports: ['z'] },
  ];
  for (const en of a.model.enums) {
    statements.push(
      exportedConst({
        name: names.sharedSchema(en.name),
        doc: en.description,
        init: `z.enum(${inlineLiteral(en.values)})`,
      }),
      exportedType({
        name: names.sharedType(en.name),
        doc: en.description,
        type: `z.output<typeof ${names.sharedSchema(en.name)}>`,
      }),
    );
  }
  for (const obj of a.model.objects) {
    statements.push(
      exportedConst({
        name: names.sharedSchema(obj.name),
        doc: obj.description,
        init: (w) =>
          writeZodObject({ w, fields: obj.fields, strict: obj.strict, ctx: { input: obj.strict } }),
      }),
      exportedType({
        name: names.sharedType(obj.name),
        doc: obj.description,
        type: `z.output<typeof ${names.sharedSchema(obj.name)}>`,
      }),
    );
  }
  statements.push(...pagingStatements(a.model));
  a.project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, sources: a.model.typeSources, mode: 'generated' };
}

/**
 * The shared paging, written once: the zod shapes every list tool spreads after its own fields, and
 * the `order_by` builder that takes its fields and default.
 */
function pagingStatements(model: Model): StatementStructures[] {
  const { paging } = model;
  if (!paging) return [];
  const direction = orderByField(paging, {
    items: '',
    itemType: '',
    orderFields: [],
    orderDefault: { field: '', direction: '' },
  }).type;
  const directionDefault =
    direction.kind === 'object' ? direction.fields.find((f) => f.name === 'direction')?.default : undefined;
  const shape = (fields: typeof paging.input, input: boolean) => (w: CodeBlockWriter) => {
    w.write('{').newLine();
    w.indent(() => writeZodProperties({ w, fields, ctx: { input } }));
    w.write('}');
  };
  const sortDirection = names.sharedSchema('SortDirection');
  const { orderBy } = paging;
  return [
    exportedConst({
      name: names.pageInputShape,
      doc: 'The paging fields every list tool takes after its own (`page_size`, `cursor`).',
      init: shape(paging.input, true),
    }),
    {
      kind: StructureKind.Function,
      isExported: true,
      docs: ['`order_by` of a list tool: one of `fields`, ascending unless said; `byDefault` when omitted.'],
      name: names.orderBySchema,
      typeParameters: [{ name: 'const F', constraint: 'readonly [string, ...string[]]' }],
      parameters: [
        { name: 'fields', type: 'F' },
        { name: 'byDefault', type: `{ field: F[number]; direction: ${names.sharedType('SortDirection')} }` },
      ],
      statements: [
        `return z.strictObject({ field: z.enum(fields).describe(${quote(orderBy.fieldDescription)}), direction: ${sortDirection}.default(${inlineLiteral(directionDefault)}).describe(${quote(orderBy.directionDescription)}) }).default(byDefault).describe(${quote(orderBy.description)});`,
      ],
    },
    exportedConst({
      name: names.pageOutputShape,
      doc: 'The paging fields every list tool returns after its items.',
      init: shape(paging.output, false),
    }),
  ];
}

/** `errors.gen.ts`: the error codes, their type and their HTTP statuses. */
export function emitErrors(a: { model: Model; project: Project }): EmittedFile {
  const codes = a.model.errors.map((e) => e.code);
  const sources = [...new Set(a.model.typeSources.filter((s) => s.endsWith('errors.yaml')))];
  a.project.createSourceFile(
    paths.schemas.errors,
    {
      statements: [
        exportedConst({
          name: names.errorCodes,
          doc: 'Every error code a tool call can fail with.',
          init: `${inlineLiteral(codes)} as const`,
        }),
        exportedType({
          name: names.errorCode,
          doc: 'An error code.',
          type: `(typeof ${names.errorCodes})[number]`,
        }),
        exportedConst({
          name: names.errorStatus,
          doc: 'HTTP status of each error code on the REST path.',
          type: `{ readonly [C in ${names.errorCode}]: number }`,
          init: objectOfLines(a.model.errors.map((e) => `${e.code}: ${e.status},`)),
        }),
      ],
    },
    { overwrite: true },
  );
  return {
    path: paths.schemas.errors,
    sources: sources.length > 0 ? sources : a.model.typeSources,
    mode: 'generated',
  };
}
