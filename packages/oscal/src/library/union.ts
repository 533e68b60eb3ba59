type Json = Record<string, unknown>;

/**
 * Merges two ordered lists keyed by `id`: items of `b` missing from `a` are inserted after the item
 * that precedes them in `b`, so both lists' orders survive; items in both are merged by `merge`.
 */
function mergeOrdered({ a, b, merge }: { a: Json[]; b: Json[]; merge: (x: Json, y: Json) => Json }): Json[] {
  const result = [...a];
  const indexOf = (id: unknown) => result.findIndex((item) => item.id === id);
  let insertAt = 0;
  for (const item of b) {
    const found = indexOf(item.id);
    if (found >= 0) {
      result[found] = merge(result[found]!, item);
      insertAt = found + 1;
    } else {
      result.splice(insertAt, 0, item);
      insertAt += 1;
    }
  }
  return result;
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function mergeControl(x: Json, y: Json): Json {
  const controls = mergeOrdered({ a: list(x.controls), b: list(y.controls), merge: mergeControl });
  return controls.length > 0 ? { ...x, controls } : x;
}

function mergeGroup(x: Json, y: Json): Json {
  return {
    ...x,
    controls: mergeOrdered({ a: list(x.controls), b: list(y.controls), merge: mergeControl }),
  };
}

/** The union of two catalog bodies drawn from the same source catalog (e.g. two resolved baselines). */
export function uniteCatalogs({ first, second }: { first: Json; second: Json }): Json {
  return {
    ...first,
    controls: mergeOrdered({ a: list(first.controls), b: list(second.controls), merge: mergeControl }),
    groups: mergeOrdered({ a: list(first.groups), b: list(second.groups), merge: mergeGroup }),
  };
}
