import { randomBytes } from "node:crypto";
import pg from "pg";

import { TEST_POSTGRES_URL } from "./postgres-probe.mjs";

export { postgresReachable, TEST_POSTGRES_URL } from "./postgres-probe.mjs";

/** A throwaway database on the test cluster; `drop()` removes it even with connections open. */
export async function createScratchDatabase(
  prefix = "t",
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}). ` +
        "Start it, or run only the PGlite projects: npx vitest run --project unit --project pglite",
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
