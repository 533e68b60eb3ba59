import fc from 'fast-check';
import { isIdField, mainType, type PropertySchema, typesOf } from './json-schema.js';

/** Picks the value of id fields (`id`, `*_id`, `*_ids` items) so that some calls reach real records. */
export type IdSource = (field: string) => fc.Arbitrary<string> | undefined;

// Longer texts are covered by the invalid-input fuzzing (over the limit) and by fixed boundary cases.
const TEXT_CAP = 40;
const ARRAY_CAP = 3;

function text({ min, max }: { min: number; max: number }): fc.Arbitrary<string> {
  const cap = Math.max(min, Math.min(max, TEXT_CAP));
  const fits = (s: string) => s.trim().length >= min && s.length <= max && !s.includes('\u0000');
  return fc
    .oneof(
      fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }),
      fc.string({ minLength: min, maxLength: cap, unit: 'grapheme-ascii' }),
      fc.constant('x'.repeat(Math.max(min, 1))).map((s) => s.padEnd(max, 'y')),
    )
    .filter(fits);
}

const day = fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true });

function stringArbitrary(schema: PropertySchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'uri':
      return fc
        .webUrl({ validSchemes: ['http', 'https'] })
        .filter((u) => u.length <= (schema.maxLength ?? 2000));
    case 'email':
      return fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,6})?@[a-z0-9]{1,12}\.(test|example|org)$/);
    default:
      return text({ min: schema.minLength ?? 0, max: schema.maxLength ?? 200 });
  }
}

function nonNull({ schema, field, ids }: { schema: PropertySchema; field: string; ids: IdSource }) {
  const enumValues = schema.enum?.filter((v) => v !== null);
  if (enumValues?.length) return fc.constantFrom(...enumValues);
  switch (mainType(schema)) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArbitrary({ schema: schema.items ?? {}, field, ids }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? ARRAY_CAP, Math.max(schema.minItems ?? 0, ARRAY_CAP)),
      });
    case 'object':
      return objectArbitrary({ schema, ids });
    default: {
      const own = isIdField(field) ? ids(field) : undefined;
      return own ? fc.oneof({ arbitrary: own, weight: 3 }, stringArbitrary(schema)) : stringArbitrary(schema);
    }
  }
}

function objectArbitrary({ schema, ids }: { schema: PropertySchema; ids: IdSource }) {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = validArbitrary({ schema: property, field: name, ids });
  }
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** Values the schema accepts: enums, ranges, formats, nullability and optional keys. */
export function validArbitrary({
  schema,
  field = '',
  ids,
}: {
  schema: PropertySchema;
  field?: string;
  ids: IdSource;
}): fc.Arbitrary<unknown> {
  const value = nonNull({ schema, field, ids });
  const nullable = typesOf(schema).includes('null') || schema.enum?.includes(null);
  return nullable ? fc.oneof(value, fc.constant(null)) : value;
}
