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

function sortId(item: Json): string | undefined {
  const props = Array.isArray(item.props) ? (item.props as Json[]) : [];
  const prop = props.find((candidate) => candidate.name === 'sort-id');
  return typeof prop?.value === 'string' ? prop.value : undefined;
}

/** NIST's controls carry a `sort-id` (ac-02.03): where every item has one, it decides the order. */
function bySortId(items: Json[]): Json[] {
  const keys = items.map(sortId);
  if (keys.some((key) => key === undefined)) return items;
  return items
    .map((item, index) => ({ item, key: keys[index]! }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function mergeControls(a: unknown, b: unknown): Json[] {
  return bySortId(mergeOrdered({ a: list(a), b: list(b), merge: mergeControl }));
}

function mergeControl(x: Json, y: Json): Json {
  const controls = mergeControls(x.controls, y.controls);
  return controls.length > 0 ? { ...x, controls } : x;
}

function mergeGroup(x: Json, y: Json): Json {
  return {
    ...x,
    controls: mergeControls(x.controls, y.controls),
  };
}

/** The union of two catalog bodies drawn from the same source catalog (e.g. two resolved baselines). */
export function uniteCatalogs({ first, second }: { first: Json; second: Json }): Json {
  return {
    ...first,
    controls: mergeControls(first.controls, second.controls),
    groups: mergeOrdered({ a: list(first.groups), b: list(second.groups), merge: mergeGroup }),
  };
}
