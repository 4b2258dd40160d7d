/** The database page's search parameters (their meaning and checks: database-search.ts). */
export const DATABASE_SEARCH_KEYS = [
  "view",
  "schema",
  "table",
  "page",
  "size",
  "sort",
  "dir",
  "col",
  "q",
  "filter",
  "after",
  "before",
  "last",
  "tab",
  "chart",
  "x",
  "y",
  "snippet",
] as const;
export type RawDatabaseSearch = { [K in (typeof DATABASE_SEARCH_KEYS)[number]]?: unknown };

/**
 * The route's `validateSearch`: keeps the page's own keys and drops the rest. The route definition
 * ships with the first paint, and zod would add 14 KB gzip to it; the page, loaded on demand,
 * validates these values with its zod schema (parseDatabaseSearch).
 */
export function pickDatabaseSearch(search: Record<string, unknown>): RawDatabaseSearch {
  const picked: RawDatabaseSearch = {};
  for (const key of DATABASE_SEARCH_KEYS) if (search[key] !== undefined) picked[key] = search[key];
  return picked;
}
