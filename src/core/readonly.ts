/**
 * Deeply read-only types and a deep freeze for tests.
 *
 * Game states and seat views are `DeepReadonly`: the compiler rejects writes, and the test mode
 * (`deepFreeze`) makes any write that slips past the types throw at run time.
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyArray<infer E>
    ? ReadonlyArray<DeepReadonly<E>>
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** Freezes `value` and everything reachable from it; returns it. Already-frozen parts are skipped. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value as object)) {
    deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
