/** Merges scope lists, keeping each once, in order of first mention. */
export function mergeScopes(...lists: string[][]): string[] {
  return [...new Set(lists.flat().filter((s) => s.length > 0))];
}

/** Splits the SDK's provider_scope (space- or comma-separated). */
export function parseScopes(value: string | undefined): string[] {
  return value ? value.split(/[\s,]+/).filter((s) => s.length > 0) : [];
}
