/**
 * Adds `value` to the list kept under `key`, in place. (Copying the list on each add, as
 * `map.set(key, [...(map.get(key) ?? []), value])` does, is quadratic in the list's length: a
 * doctor's few thousand earnings made the payouts report take seconds.)
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
