import fc from 'fast-check';
import { mainType, type PropertySchema, typesOf } from './json-schema.js';

/** One invalid value and where it goes. */
export interface Mutation {
  /** The dotted path the error must name (or a child of it). */
  field: string;
  kind: string;
  value: unknown;
}

const nest = (depth: number, leaf: unknown, asObject: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
};

const deep = fc
  .tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean())
  .map(([depth, asObject]) => nest(depth, 'x', asObject));

const oddText = fc.constantFrom('a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFF');
const badDates = [
  '2026-02-30',
  '2026-13-01',
  '2026-1-5',
  '20260115',
  'yesterday',
  '2026-01-15T00:00:00Z',
  '',
];
const badDateTimes = [
  '2026-01-15',
  '2026-01-15T25:00:00Z',
  '2026-02-30T10:00:00Z',
  'now',
  '2026-01-15 10:00',
];
const badUrls = [
  'javascript:alert(1)',
  'ftp://example.test/x',
  'not a url',
  'file:///etc/passwd',
  'https://',
];
const badEmails = ['no-at-sign', 'a@', '@example.test', 'a b@example.test'];

function wrongTypes(schema: PropertySchema): unknown[] {
  const nullable = typesOf(schema).includes('null') || schema.enum?.includes(null);
  const all: Record<string, unknown[]> = {
    string: [42, true, {}, [], 1.5],
    integer: ['3', 1.5, true, {}, []],
    number: ['3', true, {}, []],
    boolean: ['true', 1, 0, {}, []],
    array: ['x', {}, 7, true],
    object: ['x', [], 7, true],
  };
  return [...(all[mainType(schema)] ?? []), ...(nullable ? [] : [null])];
}

function stringValues(schema: PropertySchema): fc.Arbitrary<[string, unknown]>[] {
  const out: fc.Arbitrary<[string, unknown]>[] = [];
  const tag = (kind: string, values: unknown[]) =>
    fc.constantFrom(...values).map((v): [string, unknown] => [kind, v]);
  if (schema.enum) {
    const first = String(schema.enum.find((v) => v !== null));
    out.push(tag('unknown enum value', ['NOT_A_VALUE', first.toLowerCase(), `${first} `, `${first}\u200b`]));
  } else if (schema.format === 'date') out.push(tag('invalid date', badDates));
  else if (schema.format === 'date-time') out.push(tag('invalid date-time', badDateTimes));
  else if (schema.format === 'uri') out.push(tag('invalid url', badUrls));
  else if (schema.format === 'email') out.push(tag('invalid email', badEmails));
  else out.push(oddText.map((v): [string, unknown] => ['NUL or lone surrogate', v]));
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    out.push(
      fc
        .integer({ min: max + 1, max: Math.max(max + 1, 200_000) })
        .map((n): [string, unknown] => [
          'too long',
          `${schema.format === 'uri' ? 'https://example.test/' : ''}${'a'.repeat(n)}`,
        ]),
    );
  }
  if ((schema.minLength ?? 0) >= 1) out.push(tag('empty after trim', ['', '   ', '\t\n ']));
  return out;
}

/** Values the schema refuses at this property, each with the kind of mistake it is. */
export function invalidValues(schema: PropertySchema): fc.Arbitrary<[string, unknown]> {
  const options: fc.Arbitrary<[string, unknown]>[] = [
    fc.constantFrom(...wrongTypes(schema)).map((v): [string, unknown] => ['wrong type', v]),
  ];
  const type = mainType(schema);
  if (type === 'string') options.push(...stringValues(schema));
  if (type !== 'array') options.push(deep.map((v): [string, unknown] => ['deep nesting', v]));
  if (type === 'integer' || type === 'number') {
    const { minimum: min, maximum: max } = schema;
    const values = [
      1.5,
      1e20,
      -1e20,
      ...(min === undefined ? [] : [min - 1]),
      ...(max === undefined ? [] : [max + 1]),
    ];
    options.push(fc.constantFrom(...values).map((v): [string, unknown] => ['out of range', v]));
  }
  if (type === 'array') {
    const items = schema.items ?? {};
    options.push(invalidValues(items).map(([kind, v]): [string, unknown] => [`item: ${kind}`, [v]]));
    if (schema.maxItems !== undefined) {
      options.push(fc.constant(['too many items', Array.from({ length: schema.maxItems + 1 }, () => 'x')]));
    }
    if ((schema.minItems ?? 0) >= 1) options.push(fc.constant(['empty list', []]));
  }
  return fc.oneof(...options);
}

const extraKey = fc
  .oneof(
    fc.stringMatching(/^[a-z_][a-z0-9_]{0,30}$/),
    fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }),
  )
  .filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k) && !k.includes('.'));

// secure-json-parse refuses these keys anywhere in a body (400 without a field): tested apart.
const jsonValue = fc.jsonValue().filter((v) => !/"(__proto__|constructor)"/.test(JSON.stringify(v) ?? ''));

/** Mutations of an object input: one invalid property or one unknown key, top level or in a list item. */
export function mutationArbitrary({
  schema,
  path = [],
}: {
  schema: PropertySchema;
  path?: string[];
}): fc.Arbitrary<Mutation> {
  const properties = schema.properties ?? {};
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(
        extraKey.filter((k) => !(k in properties)),
        jsonValue,
      )
      .map(([key, value]) => ({ field: [...path, key].join('.'), kind: 'unknown field', value })),
  ];
  for (const [name, property] of Object.entries(properties)) {
    const field = [...path, name].join('.');
    options.push(invalidValues(property).map(([kind, value]) => ({ field, kind, value })));
  }
  return fc.oneof(...options);
}

/** Array-of-object properties, whose items get their own mutations (`controls.0.title`). */
export function itemObjectProperties(schema: PropertySchema): [string, PropertySchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    mainType(property) === 'array' && property.items?.type === 'object'
      ? [[name, property.items] as [string, PropertySchema]]
      : [],
  );
}
