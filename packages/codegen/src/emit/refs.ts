import type { Field, TypeNode } from '../model/types.js';

/** Names of the shared types referenced directly by fields (not through other shared types), sorted. */
export function directRefs(fields: readonly Field[]): string[] {
  const out = new Set<string>();
  const walk = (type: TypeNode) => {
    if (type.kind === 'ref') out.add(type.name);
    else if (type.kind === 'array') walk(type.items);
    else if (type.kind === 'object') for (const f of type.fields) walk(f.type);
  };
  for (const f of fields) walk(f.type);
  return [...out].sort();
}
