/** Deepest nesting Comply accepts: OSCAL documents stay far below it (NIST's catalogs reach 17 levels). */
export const MAX_DEPTH = 100;

/**
 * The JSON pointer of the first value nested deeper than `MAX_DEPTH` arrays and objects, or null.
 * Iterative, so a hostile document cannot exhaust the stack here (the validator and parser recurse).
 */
export function tooDeep(doc: unknown): string | null {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: doc, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, pointer, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return pointer;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, pointer: `${pointer}/${key}`, depth: depth + 1 });
    }
  }
  return null;
}
