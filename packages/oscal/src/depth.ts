/** Deepest nesting Comply accepts: OSCAL documents stay far below it (NIST's catalogs reach 17 levels). */
export const MAX_DEPTH = 100;

interface Frame {
  value: object;
  key: string;
  parent: Frame | null;
  depth: number;
}

/**
 * The JSON pointer of the first value nested deeper than `MAX_DEPTH` arrays and objects, or null.
 * Iterative, so a hostile document cannot exhaust the stack here (the validator and parser recurse);
 * the pointer is spelled out only for the value found, so a large document costs one pass.
 */
export function tooDeep(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const stack: Frame[] = [{ value: doc, key: '', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth >= MAX_DEPTH) return pointerOf(frame);
    const value = frame.value as Record<string, unknown>;
    for (const key in value) {
      const child = value[key];
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, key, parent: frame, depth: frame.depth + 1 });
    }
  }
  return null;
}

function pointerOf(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key);
  return keys
    .reverse()
    .map((key) => `/${key}`)
    .join('');
}
