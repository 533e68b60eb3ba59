import type { CodeBlockWriter } from 'ts-morph';
import type { Field, TypeNode } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { inlineLiteral, propertyKey, quote } from '../literal.js';

/** Input context trims strings and rejects unknown keys; output context does neither. */
export interface ZodContext {
  input: boolean;
}

const urlCall = `z.url({ protocol: /^https?$/, error: ${quote('Invalid URL: expected an http or https URL')} })`;

function bounds(a: { min?: number | undefined; max?: number | undefined }): string {
  return `${a.min === undefined ? '' : `.min(${a.min})`}${a.max === undefined ? '' : `.max(${a.max})`}`;
}

/** Writes the zod expression of a type, e.g. `z.int().min(1).max(5)`. */
export function writeZodType(a: { w: CodeBlockWriter; type: TypeNode; ctx: ZodContext }): void {
  const { w, type, ctx } = a;
  switch (type.kind) {
    case 'string': {
      const base =
        type.format === 'date'
          ? 'z.iso.date()'
          : type.format === 'date-time'
            ? 'z.iso.datetime({ offset: true })'
            : type.format === 'email'
              ? 'z.email()'
              : type.format === 'uri'
                ? urlCall
                : ctx.input
                  ? 'z.string().trim()'
                  : 'z.string()';
      w.write(base + bounds({ min: type.minLength, max: type.maxLength }));
      return;
    }
    case 'integer':
      w.write(`z.int()${bounds(type)}`);
      return;
    case 'number':
      w.write(`z.number()${bounds(type)}`);
      return;
    case 'boolean':
      w.write('z.boolean()');
      return;
    case 'enum':
      w.write(`z.enum(${inlineLiteral(type.values)})`);
      return;
    case 'ref':
      w.write(names.sharedSchema(type.name));
      return;
    case 'array':
      w.write('z.array(');
      writeZodType({ w, type: type.items, ctx });
      w.write(`)${bounds({ min: type.minItems, max: type.maxItems })}`);
      return;
    case 'object':
      writeZodObject({ w, fields: type.fields, strict: ctx.input, ctx });
      return;
  }
}

/** Writes `z.object({...})` or `z.strictObject({...})` with one property per line. */
export function writeZodObject(a: {
  w: CodeBlockWriter;
  fields: readonly Field[];
  strict: boolean;
  ctx: ZodContext;
  /** Lines after the fields, such as spreads of shared shapes (`...pageInputShape,`). */
  more?: readonly string[];
}): void {
  const { w, fields, ctx } = a;
  const more = a.more ?? [];
  w.write(a.strict ? 'z.strictObject(' : 'z.object(');
  if (fields.length === 0 && more.length === 0) {
    w.write('{})');
    return;
  }
  w.write('{').newLine();
  w.indent(() => {
    writeZodProperties({ w, fields, ctx });
    for (const line of more) w.write(line).newLine();
  });
  w.write('})');
}

/** One `key: schema,` line per field, for an object literal; the field's description is in its schema. */
export function writeZodProperties(a: {
  w: CodeBlockWriter;
  fields: readonly Field[];
  ctx: ZodContext;
}): void {
  const { w, ctx } = a;
  for (const field of a.fields) {
    w.write(`${propertyKey(field.name)}: `);
    writeZodType({ w, type: field.type, ctx });
    if (field.nullable) w.write('.nullable()');
    if (field.default !== undefined) w.write(`.default(${inlineLiteral(field.default)})`);
    else if (field.optional) w.write('.optional()');
    w.write(`.describe(${quote(field.description)})`);
    w.write(',').newLine();
  }
}
