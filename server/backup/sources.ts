import { readdir } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { ConnectionManager } from "../api/lib/databases/connections.ts";
import { clusterDatabaseUrl } from "../api/lib/databases/managed-roles.ts";
import type { Store } from "../db/store.ts";
import type { BackupSource, ManagedDatabase } from "./backup-instance.ts";

const MANAGED_SQL =
  "SELECT id::text AS id, location, name, owner_type, owner_id FROM user_databases WHERE kind = 'managed' AND engine = $1 ORDER BY location";

interface ManagedRow {
  id: string;
  location: string;
  name: string;
  owner_type: "user" | "team";
  owner_id: string;
}

const managed = (row: ManagedRow): ManagedDatabase => ({
  id: row.id,
  location: row.location,
  name: row.name,
  owner: { type: row.owner_type, id: row.owner_id },
});

/** The running server's data: its store and databases copied while quiet (PGlite), or dumped (PostgreSQL). */
export function serverBackupSource(store: Store, connections: ConnectionManager, databaseUrl?: string): BackupSource {
  const managedDatabases = async () => (await store.query<ManagedRow>(MANAGED_SQL, [store.kind])).map(managed);
  if (databaseUrl) return postgresBackupSource(databaseUrl, managedDatabases);
  const whileQuiet = store.whileQuiet?.bind(store);
  if (!whileQuiet) throw new Error("a PGlite store without whileQuiet");
  return {
    kind: "pglite",
    managedDatabases,
    withQuietStore: whileQuiet,
    withQuietDatabase: (database, copy) =>
      connections.whileQuiet(
        // A managed PGlite database has no role and no URL to open.
        {
          id: database.id,
          engine: "pglite",
          kind: "managed",
          location: database.location,
          credentials: async () => ({}),
        },
        copy,
      ),
  };
}

/**
 * A PGlite data folder no server has open: its files are still, so they are copied as they are
 * (the state of the last stop, or of a crash, which PGlite recovers from on its next start).
 */
export function stoppedPgliteSource(dataDir: string): BackupSource {
  return {
    kind: "pglite",
    async managedDatabases() {
      // No databases/ folder: an instance without managed databases.
      const entries = await readdir(join(dataDir, "databases"), { withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isDirectory() && /^ud_[0-9a-f]+$/.test(entry.name))
        .map((entry) => ({ id: entry.name, location: entry.name }))
        .sort((a, b) => a.location.localeCompare(b.location));
    },
    withQuietStore: (copy) => copy(join(dataDir, "store")),
    withQuietDatabase: (database, copy) => copy(join(dataDir, "databases", database.location)),
  };
}

/** The store at `databaseUrl` and its managed databases on the same cluster, dumped by pg_dump. */
export function postgresBackupSource(
  databaseUrl: string,
  managedDatabases: () => Promise<ManagedDatabase[]> = () => listManagedOnPostgres(databaseUrl),
): BackupSource {
  return {
    kind: "postgres",
    storeUrl: databaseUrl,
    managedDatabases,
    databaseUrl: (database) => clusterDatabaseUrl(databaseUrl, database.location),
  };
}

async function listManagedOnPostgres(databaseUrl: string): Promise<ManagedDatabase[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return (await client.query<ManagedRow>(MANAGED_SQL, ["postgres"])).rows.map(managed);
  } finally {
    // Clean-up: a connection that fails to close is gone either way.
    await client.end().catch(() => undefined);
  }
}
