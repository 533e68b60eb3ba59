import type { Model } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { Call, ConstRef, isSpreadPart, Merge, Spread } from '../literal.js';
import { sharedObjectJsonSchema, toolJsonSchemas } from '../schemas/json-schema.js';

export type Json = Record<string, unknown>;

/** `#/components/schemas/<name>`, the reference to one named schema of the document. */
export const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * The document's named schemas: every shared object type, and each tool's input and output
 * (`listRisksInput`, `listRisksOutput`; an output that is a shared type is that type). They are the
 * MCP inputSchema/outputSchema, with shared types referenced by `$ref` instead of inlined.
 */
export function componentSchemas(model: Model): Record<string, Json> {
  const typeOf = new Map(model.objects.map((o) => [names.sharedJsonSchema(o.name), o.name]));
  const out: Record<string, Json> = {};
  // The shared paging fields are components of their own (`PageSize`, `NextCursor`, …), which
  // every list tool's input and output refer to, as the generated code spreads one constant.
  const pagingConstants = new Set<string>([names.pageInputJsonProperties, names.pageOutputJsonProperties]);
  const resolve = (value: unknown): unknown => {
    if (value instanceof ConstRef) return schemaRef(typeOf.get(value.name) ?? value.name);
    if (value instanceof Merge) {
      const parts = value.parts.map((p) => {
        if (!isSpreadPart(p)) return resolve(p) as Json;
        if (!pagingConstants.has(p.spread.name)) return resolve(p.value) as Json;
        return Object.fromEntries(
          Object.entries(p.value).map(([field, schema]) => {
            // The field's description stays beside the $ref, as for shared types.
            const name = names.pagingComponent(field);
            const { description, ...component } = resolve(schema) as Json;
            out[name] = component;
            return [field, { ...schemaRef(name), ...(description !== undefined && { description }) }];
          }),
        );
      });
      return Object.assign({}, ...parts);
    }
    if (value instanceof Call) return resolve(value.value);
    if (value instanceof Spread)
      return {
        ...schemaRef(typeOf.get(value.base.name) ?? value.base.name),
        ...(resolve(value.properties) as Json),
      };
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  for (const object of model.objects) {
    out[object.name] = resolve({
      description: object.description,
      ...sharedObjectJsonSchema({ object, model }),
    }) as Json;
  }
  for (const tool of model.tools) {
    const { input, output } = toolJsonSchemas({ model, tool });
    out[names.toolInputSchema(tool.name)] = resolve(input) as Json;
    if (!(output instanceof ConstRef)) out[names.toolOutputSchema(tool.name)] = resolve(output) as Json;
  }
  return out;
}

/** The schema of a tool's successful reply: its output component or the shared type it returns. */
export function outputRef(a: { model: Model; tool: Model['tools'][number] }): Json {
  const { output } = a.tool;
  return schemaRef(output.kind === 'ref' ? output.name : names.toolOutputSchema(a.tool.name));
}
