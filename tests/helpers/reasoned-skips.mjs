// The only skips `npm test` accepts: each names its reason in the test's title, so the summary can
// tell a deliberate skip from a test that silently stopped running. scripts/test.mjs reads this.

/** Blocks that need a real PostgreSQL server (two instances on one cluster, the rewrap CLI on it). */
export const POSTGRES_ONLY = "[PostgreSQL only]";

/** Cases that use the test cluster as an outside database, in any project; skipped only where it is down. */
export const NEEDS_POSTGRES_SERVER = "[needs the test PostgreSQL server]";

/** Blocks about the embedded store's own files (PGlite clusters); with PostgreSQL there are none. */
export const PGLITE_ONLY = "[PGlite only]";

/** Cases that mount a small tmpfs (a disk that fills up, one mounted read-only): only root can. */
export const NEEDS_MOUNT = "[needs root to mount a small file system]";

export const REASONED_SKIP_MARKERS = [POSTGRES_ONLY, NEEDS_POSTGRES_SERVER, PGLITE_ONLY, NEEDS_MOUNT];
