// Plain JS so scripts/test.mjs can ask before any TypeScript tooling runs.
import pg from "pg";

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** null when the test PostgreSQL answers, else why not. */
export async function postgresReachable(url = TEST_POSTGRES_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return `${url} is not reachable (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
