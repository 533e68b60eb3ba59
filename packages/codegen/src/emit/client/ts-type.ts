import type { CodeBlockWriter } from 'ts-morph';
import type { Field, TypeNode } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { propertyKey, quote } from '../literal.js';

/** In input position a field with a default may be omitted. */
export interface TsContext {
  input: boolean;
}

/** Writes a plain TypeScript type for a type node (no zod at runtime). */
export function writeTsType(a: { w: CodeBlockWriter; type: TypeNode; ctx: TsContext }): void {
  const { w, type, ctx } = a;
  switch (type.kind) {
    case 'string':
      w.write('string');
      return;
    case 'integer':
    case 'number':
      w.write('number');
      return;
    case 'boolean':
      w.write('boolean');
      return;
    case 'enum':
      w.write(type.values.map(quote).join(' | '));
      return;
    case 'ref':
      w.write(names.sharedType(type.name));
      return;
    case 'array': {
      const union = type.items.kind === 'enum' && type.items.values.length > 1;
      if (union) w.write('(');
      writeTsType({ w, type: type.items, ctx });
      w.write(union ? ')[]' : '[]');
      return;
    }
    case 'object':
      writeTsObject({ w, fields: type.fields, ctx });
      return;
  }
}

/** Writes `{ name: T; other?: U | null }` over several lines, with each field's description as JSDoc. */
export function writeTsObject(a: { w: CodeBlockWriter; fields: readonly Field[]; ctx: TsContext }): void {
  const { w, fields, ctx } = a;
  if (fields.length === 0) {
    w.write('Record<string, never>');
    return;
  }
  w.write('{').newLine();
  w.indent(() => {
    for (const f of fields) {
      w.writeLine(`/** ${f.description.replace(/\*\//g, '*\\/')} */`);
      const optional = f.optional || (ctx.input && f.default !== undefined);
      w.write(`${propertyKey(f.name)}${optional ? '?' : ''}: `);
      writeTsType({ w, type: f.type, ctx });
      if (f.nullable) w.write(' | null');
      w.write(';').newLine();
    }
  });
  w.write('}');
}
