/**
 * The order Stack lists a project's OAuth providers (by provider type) and trusted domains (by
 * URL) in, client and admin view alike: case-insensitive first (the upper-cased strings by code
 * unit), and of two that differ only in case the lower-case one first.
 */
export function stackStringCompare(a: string, b: string): number {
  const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return byCodeUnit(a.toUpperCase(), b.toUpperCase()) || byCodeUnit(b, a);
}

/** A copy of `items` in Stack's order of `key`. */
export function inStackOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => stackStringCompare(key(a), key(b)));
}
