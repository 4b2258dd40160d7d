/** The success half of the app API's `[data, error]` answers. */
export function ok<T>(data: T): [T, null] {
  return [data, null];
}
