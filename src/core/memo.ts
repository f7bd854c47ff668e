/**
 * `compute(key)` remembered per key object (a WeakMap), for values derived from data that is never
 * changed (a config, a deck, a table of odds). The last key is checked first by identity: a run plays one
 * config, and a WeakMap lookup per game or round (a hash of the key's identity) was measurable.
 */
export function memoOnIdentity<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  let lastKey: K | null = null;
  let lastValue: V | undefined;
  return (key: K): V => {
    if (key === lastKey) return lastValue as V;
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      values.set(key, value);
    }
    lastKey = key;
    lastValue = value;
    return value;
  };
}
