/**
 * True when a statement failed on a unique constraint (SQLSTATE 23505), from either driver: the
 * code sits on the driver's error, which drizzle wraps as the `cause` of its own.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ("code" in current && current.code === "23505") return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
