/** Appends `value` to the list kept under `key`, creating the list on first use. */
export function appendTo<K, V>({ map, key, value }: { map: Map<K, V[]>; key: K; value: V }): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
