/**
 * How deep a JSON-RPC message's params may nest. Every tool input and OSCAL document Comply reads
 * nests far less; serializing and schema-parsing a message are recursive, and a few tens of
 * thousands of levels overflow the stack.
 */
export const MAX_NESTING = 1000;

/** Whether `value` nests arrays and objects more than `limit` levels deep; iterative, stops early. */
export function nestsDeeperThan({ value, limit }: { value: unknown; limit: number }): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
