/** Picks string query parameters and drops everything else, for routes' `validateSearch`. */
export function stringParams<K extends string>(keys: readonly K[]) {
  return (search: Record<string, unknown>): { [P in K]?: string } => {
    const picked: { [P in K]?: string } = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === "string" && value !== "") picked[key] = value;
      // The router parses numeric-looking values into numbers; codes and messages are text.
      else if (typeof value === "number") picked[key] = String(value);
    }
    return picked;
  };
}
