// A value worked out once per key and kept, at most `max` of them, the oldest
// first out: for keys a stranger may choose (a query's shape, a statement's text), so
// that nobody can grow it without end. A computation that throws keeps nothing.
export type BoundedMemo<V> = (key: string, compute: () => V) => V;

export function boundedMemo<V>(max: number): BoundedMemo<V> {
  const kept = new Map<string, V>();
  return (key, compute) => {
    if (kept.has(key)) return kept.get(key)!;
    const value = compute();
    kept.set(key, value);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return value;
  };
}
