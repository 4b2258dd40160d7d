/** The success half of the app API's `[data, error]` answers. */
export function ok<T>(data: T): [T, null] {
  return [data, null];
}

/** Unique-constraint violations, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
