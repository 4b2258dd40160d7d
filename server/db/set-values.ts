/**
 * The columns an UPDATE should set: `values` without its undefined entries, or null when none is
 * left. Drizzle refuses an empty SET ("No values to set"); an update that changes nothing answers
 * the row as it is instead.
 */
export function setValues<T extends Record<string, unknown>>(values: T): Partial<T> | null {
  const set: Partial<T> = {};
  let any = false;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    set[key as keyof T] = value as T[keyof T];
    any = true;
  }
  return any ? set : null;
}
