import { randomBytes } from "node:crypto";
import pg from "pg";
import { openStore } from "../../server/db/store.ts";
import { createLogger } from "../../server/lib/logger.ts";

import { TEST_POSTGRES_URL } from "./postgres-probe.mjs";

export { postgresReachable, TEST_POSTGRES_URL } from "./postgres-probe.mjs";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the test cluster that the real `openStore` brought to today's
 * migrations (`key` names them), made once per cluster: built under a name of its own and renamed
 * when complete, so a database of that name is always whole, and a process that loses the race
 * drops its own. Nothing ever connects to it; it is only copied.
 */
function migratedTemplate(key: string): Promise<string> {
  let ready = templates.get(key);
  if (!ready) {
    ready = (async () => {
      const name = `appconsole_${key.replace(/[^a-z0-9]/g, "_")}`;
      const exists = async () =>
        withAdmin(
          async (admin) => (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount,
        );
      if (await exists()) return name;
      const building = await createScratchDatabase("building");
      try {
        const store = await openStore({
          dataDir: "",
          databaseUrl: building.url,
          logger: createLogger({ level: "silent" }),
        });
        await store.close();
        await withAdmin((admin) =>
          admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building.name)} RENAME TO ${pg.escapeIdentifier(name)}`),
        );
      } catch (error) {
        await building.drop();
        if (!(await exists())) throw error;
      }
      return name;
    })().catch((error: unknown) => {
      templates.delete(key);
      throw error;
    });
    templates.set(key, ready);
  }
  return ready;
}

async function withAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway database already at today's migrations: a copy of the cluster's migrated template
 * (`CREATE DATABASE … TEMPLATE`), for a test server that starts as on a store migrated before.
 * `createScratchDatabase` gives an empty one, where the migrations are what is tested.
 */
export function createMigratedDatabase(key: string, prefix = "t"): Promise<ScratchDatabase> {
  return migratedTemplate(key).then((template) => createScratchDatabase(prefix, template));
}

/** A throwaway database on the test cluster (empty, or a copy of `template`); `drop()` removes it even with connections open. */
export async function createScratchDatabase(prefix = "t", template?: string): Promise<ScratchDatabase> {
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
    await admin.query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ""}`,
    );
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
