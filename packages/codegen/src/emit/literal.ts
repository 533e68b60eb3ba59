import type { CodeBlockWriter } from 'ts-morph';

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A named value inside a literal, written as its bare expression (`tools.addRisk.inputJsonSchema`). */
export class ConstRef {
  constructor(readonly name: string) {}
}

/** A call of a generated function inside a literal (`leanInputSchema(tools.addRisk.inputJsonSchema, false)`). */
export class Call {
  constructor(
    readonly fn: ConstRef,
    readonly args: readonly unknown[],
  ) {}
}

/** A property computed when first read (`get key() { return value; }`), for values derived at run time. */
export class Getter {
  constructor(readonly value: ConstRef | Call) {}
}

/** `'text'` with single quotes, escaping what a single-quoted TS string needs. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return identifier.test(name) ? name : quote(name);
}

/** A short literal on one line, e.g. a default value. */
export function inlineLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof ConstRef) return value.name;
  if (value instanceof Call) return `${value.fn.name}(${value.args.map(inlineLiteral).join(', ')})`;
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(inlineLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${inlineLiteral(v)}`).join(', ')} }`;
  }
  return String(value);
}

/** A data literal over several lines: objects one property per line, arrays of scalars inline. */
export function writeLiteral(w: CodeBlockWriter, value: unknown): void {
  if (value instanceof ConstRef || value instanceof Call) {
    w.write(inlineLiteral(value));
    return;
  }
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    w.write('[').newLine();
    w.indent(() => {
      for (const v of value) {
        writeLiteral(w, v);
        w.write(',').newLine();
      }
    });
    w.write(']');
    return;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      w.write('{}');
      return;
    }
    w.write('{').newLine();
    w.indent(() => writeProperties(w, value as Record<string, unknown>));
    w.write('}');
    return;
  }
  w.write(inlineLiteral(value));
}

function writeProperties(w: CodeBlockWriter, properties: Readonly<Record<string, unknown>>): void {
  for (const [k, v] of Object.entries(properties)) {
    if (v instanceof Getter) {
      w.write(`get ${propertyKey(k)}() { return ${inlineLiteral(v.value)}; },`).newLine();
      continue;
    }
    w.write(`${propertyKey(k)}: `);
    writeLiteral(w, v);
    w.write(',').newLine();
  }
}
