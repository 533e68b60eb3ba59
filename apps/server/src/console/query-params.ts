import type { JsonSchema } from '@comply/schemas';

type Property = { type?: string; enum?: unknown[]; format?: string; description?: string; items?: Property };

/** The properties of a tool's input JSON Schema. */
export function propertiesOf(schema: JsonSchema): Record<string, Property> {
  return (schema.properties ?? {}) as Record<string, Property>;
}

/**
 * Turns query-string values into the tool input's JSON types, using the tool's own JSON Schema:
 * arrays are comma-separated (or repeated), numbers and booleans parsed, `order_by=field:direction`.
 * Anything that does not fit is passed through unchanged so the tool's zod schema names the field.
 */
export function queryToInput({
  query,
  schema,
}: {
  query: Record<string, string | string[] | undefined>;
  schema: JsonSchema;
}): Record<string, unknown> {
  const properties = propertiesOf(schema);
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || raw === '') continue;
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).filter(Boolean);
    const text = Array.isArray(raw) ? raw.join(',') : raw;
    // The key comes from the URL: `constructor` or `toString` must not find Object.prototype's.
    switch (Object.hasOwn(properties, key) ? properties[key]?.type : undefined) {
      case 'array':
        input[key] = values;
        break;
      case 'integer':
      case 'number':
        input[key] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
        break;
      case 'boolean':
        input[key] = text === 'true' ? true : text === 'false' ? false : text;
        break;
      case 'object': {
        const [field, direction] = text.split(':');
        input[key] = direction ? { field, direction } : { field };
        break;
      }
      default:
        input[key] = text;
    }
  }
  return input;
}
