/**
 * PostgreSQL's own parser (libpg-query), its WASM loaded on first use rather than at start-up
 * (about 20 MiB), once for the splitter and the restore alike; a failed load is tried again.
 */
let parser: Promise<typeof import("libpg-query")> | null = null;

export function libpgQuery(): Promise<typeof import("libpg-query")> {
  parser ??= import("libpg-query").catch((error: unknown) => {
    parser = null;
    throw error;
  });
  return parser;
}
