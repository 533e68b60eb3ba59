import type { CodeBlockWriter } from 'ts-morph';

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A named constant inside a literal, written as its bare identifier (`riskJsonSchema`). */
export class ConstRef {
  constructor(readonly name: string) {}
}

/** An object literal that spreads a named constant before its own properties (`{ ...base, k: v }`). */
export class Spread {
  constructor(
    readonly base: ConstRef,
    readonly properties: Readonly<Record<string, unknown>>,
  ) {}
}

/** Code written as is inside a literal (a parameter of the function being written, `[...fields]`). */
export class Raw {
  constructor(readonly text: string) {}
}

/** A call of a generated function inside a literal; `value` is what it returns, for whoever needs plain JSON. */
export class Call {
  constructor(
    readonly fn: ConstRef,
    readonly args: readonly unknown[],
    readonly value: unknown,
  ) {}
}

/** A constant object spread into an object literal; `value` is its content. */
export interface SpreadPart {
  spread: ConstRef;
  value: Readonly<Record<string, unknown>>;
}

/** An object literal of own properties and spread constants, in order (`{ a: 1, ...base, b: 2 }`). */
export class Merge {
  constructor(readonly parts: readonly (SpreadPart | Readonly<Record<string, unknown>>)[]) {}
  /** The merged object, spread constants replaced by their content. */
  get value(): Record<string, unknown> {
    return Object.assign({}, ...this.parts.map((p) => (isSpreadPart(p) ? p.value : p)));
  }
}

export const isSpreadPart = (p: unknown): p is SpreadPart =>
  typeof p === 'object' && p !== null && (p as SpreadPart).spread instanceof ConstRef;

/** Every constant a literal refers to, sorted; what its module must import. */
export function literalRefs(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (v instanceof ConstRef) out.add(v.name);
    else if (v instanceof Raw) return;
    else if (v instanceof Call) {
      out.add(v.fn.name);
      walk(v.args);
    } else if (v instanceof Merge) {
      for (const p of v.parts) {
        if (isSpreadPart(p)) out.add(p.spread.name);
        else walk(p);
      }
    } else if (v instanceof Spread) {
      out.add(v.base.name);
      walk(v.properties);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return [...out].sort();
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
  if (value instanceof Raw) return value.text;
  if (value instanceof Call) return `${value.fn.name}(${value.args.map(inlineLiteral).join(', ')})`;
  if (value instanceof Spread) {
    const rest = Object.entries(value.properties).map(([k, v]) => `, ${propertyKey(k)}: ${inlineLiteral(v)}`);
    return `{ ...${value.base.name}${rest.join('')} }`;
  }
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
  if (value instanceof ConstRef || value instanceof Raw || value instanceof Call) {
    w.write(inlineLiteral(value));
    return;
  }
  if (value instanceof Merge) {
    w.write('{').newLine();
    w.indent(() => {
      for (const p of value.parts) {
        if (isSpreadPart(p)) w.write(`...${p.spread.name},`).newLine();
        else writeProperties(w, p);
      }
    });
    w.write('}');
    return;
  }
  if (value instanceof Spread) {
    w.write('{').newLine();
    w.indent(() => {
      w.write(`...${value.base.name},`).newLine();
      writeProperties(w, value.properties);
    });
    w.write('}');
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
    w.write(`${propertyKey(k)}: `);
    writeLiteral(w, v);
    w.write(',').newLine();
  }
}
