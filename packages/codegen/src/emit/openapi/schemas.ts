import type { ZodType } from 'zod';
import type { Model } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { liveSchemas } from '../schemas/live.js';

export type Json = Record<string, unknown>;

/** `#/components/schemas/<name>`, the reference to one named schema of the document. */
export const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * The document's named schemas: every shared object type, and each tool's input and output
 * (`listRisksInput`, `listRisksOutput`; an output that is a shared type is that type). They are the
 * MCP inputSchema/outputSchema, derived from the same zod schemas by the same function, with shared
 * types referenced by `$ref` instead of inlined.
 */
export function componentSchemas(model: Model): Record<string, Json> {
  const live = liveSchemas(model);
  const refs = new Map<ZodType, string>();
  const schemaOf = (name: string) => live.shared[names.sharedSchema(name)] as ZodType;
  for (const object of model.objects) refs.set(schemaOf(object.name), schemaRef(object.name).$ref as string);
  // The shared paging fields are components of their own (`PageSize`, `NextCursor`, …), which
  // every list tool's input and output refer to, as the generated code spreads one shape.
  const paging = (shape: string, io: 'input' | 'output') =>
    Object.entries((live.shared[shape] ?? {}) as Record<string, ZodType>).map(([field, schema]) => ({
      name: names.pagingComponent(field),
      schema,
      io,
    }));
  const pageInput = paging(names.pageInputShape, 'input');
  const pageOutput = paging(names.pageOutputShape, 'output');
  for (const p of [...pageInput, ...pageOutput]) refs.set(p.schema, schemaRef(p.name).$ref as string);
  const derive = (schema: ZodType, io: 'input' | 'output') => live.deriveJsonSchema(schema, { io, refs });
  const out: Record<string, Json> = {};
  const addPaging = (fields: typeof pageInput) => {
    for (const p of fields) {
      if (p.name in out) continue;
      // The field's description stays beside the $ref, as for shared types.
      const { description: _, ...component } = derive(p.schema, p.io);
      out[p.name] = component;
    }
  };
  for (const object of model.objects) {
    out[object.name] = {
      description: object.description,
      ...derive(schemaOf(object.name), object.strict ? 'input' : 'output'),
    };
  }
  for (const tool of model.tools) {
    const { input, output } = live.tool(tool.name);
    if (tool.pagination) addPaging(pageInput);
    out[names.toolInputSchema(tool.name)] = derive(input, 'input');
    if (tool.output.kind === 'ref') continue;
    if (tool.pagination) addPaging(pageOutput);
    out[names.toolOutputSchema(tool.name)] = derive(output, 'output');
  }
  return out;
}

/** The schema of a tool's successful reply: its output component or the shared type it returns. */
export function outputRef(a: { model: Model; tool: Model['tools'][number] }): Json {
  const { output } = a.tool;
  return schemaRef(output.kind === 'ref' ? output.name : names.toolOutputSchema(a.tool.name));
}
