import type { JsonSchema } from '@comply/schemas';

/** The subset of JSON Schema the generator emits for tool inputs. */
export interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: boolean;
}

/** A tool input schema seen as the subset above. */
export const asSchema = (schema: JsonSchema): PropertySchema => schema as PropertySchema;

/** The JSON types a property accepts, `null` included when nullable. */
export function typesOf(schema: PropertySchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** The non-null type of a property (`string` for `["string","null"]`). */
export function mainType(schema: PropertySchema): string {
  return typesOf(schema).find((t) => t !== 'null') ?? 'null';
}

/** A property that holds a record id or a list of them: `id`, `*_id`, `*_ids`. */
export function isIdField(name: string): boolean {
  return name === 'id' || /_ids?$/.test(name);
}

/** The record kind an id field names: `framework_id` → `framework`, `risk_ids` → `risk`. */
export function kindOfIdField(name: string): string | undefined {
  return /^(.+)_ids?$/.exec(name)?.[1];
}
