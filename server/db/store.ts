import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { APP_ROOT } from "../lib/app-root.ts";
import type { Logger } from "../lib/logger.ts";
import { builtStoreDir } from "../pglite/built-template.mjs";
import { copyCluster } from "../pglite/copy-cluster.ts";
import { pgliteStartParams, pgliteWasmModule } from "../pglite/settings.ts";
import { isEmptyDir, newCluster } from "../pglite/template.ts";
import { type Bus, createMemoryBus, createPostgresBus } from "./bus.ts";
import * as schema from "./schema/index.ts";
import { checkStoreNotNewer, hasPendingMigrations, MIGRATIONS_DIR, migrationsPending } from "./schema-version.ts";

export type Schema = typeof schema;
/** Drizzle over either driver; code above the store never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type StoreKind = "pglite" | "postgres";

export interface Store {
  kind: StoreKind;
  db: Db;
  bus: Bus;
  /** Raw parameterized SQL, for the few statements Drizzle cannot express. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Round-trip time of a trivial query, in milliseconds; throws when the store is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /**
   * PGlite only: runs `copy` with the store's cluster folder while no statement runs, after a
   * checkpoint, so the files it reads are one consistent state (a backup's copy).
   */
  whileQuiet?<T>(copy: (clusterDir: string) => Promise<T>): Promise<T>;
}

export { MIGRATIONS_DIR };

/** Serializes migrations when several instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_240_113;

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  logger: Logger;
  /**
   * Called when a store migrated before has migrations pending, before they are applied
   * (BACKUP_BEFORE_MIGRATE): on PGlite with a way to copy the open store's files while it is
   * quiet. Its failure stops the start, nothing migrated.
   */
  beforeMigrate?: (store: { whileQuiet?<T>(copy: (clusterDir: string) => Promise<T>): Promise<T> }) => Promise<void>;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl
    ? openPostgresStore(options.databaseUrl, options.logger, options.beforeMigrate)
    : openPgliteStore(options);
}

async function openPgliteStore(options: StoreOptions): Promise<Store> {
  const dataDir = join(options.dataDir, "store");
  // A new data folder: the store starts as a copy of the one `npm run build` made with today's
  // migrations, or else of the template cluster (then migrated below).
  if (isEmptyDir(dataDir)) {
    rmSync(dataDir, { recursive: true, force: true });
    const built = builtStoreDir(APP_ROOT, MIGRATIONS_DIR);
    if (existsSync(join(built, "PG_VERSION"))) {
      await copyCluster(built, dataDir);
    } else {
      await newCluster(options.dataDir, dataDir);
    }
  }
  // Loaded here, not at the top: a server on PostgreSQL never loads the PGlite driver.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, pgliteWasm, startParams] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
      pgliteWasmModule(),
      pgliteStartParams("store"),
    ]);
  const client = await PGlite.create(dataDir, { pgliteWasmModule: pgliteWasm, startParams });
  const db = drizzlePglite({ client, schema }) as unknown as Db; // the two drivers differ only in their result HKT
  const rows = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  let latestApplied: number | null;
  try {
    latestApplied = await checkStoreNotNewer(rows);
    if (options.beforeMigrate && hasPendingMigrations(latestApplied)) {
      await options.beforeMigrate({
        async whileQuiet(copy) {
          await client.query("CHECKPOINT");
          return client.runExclusive(() => copy(dataDir));
        },
      });
    }
  } catch (error) {
    await client.close();
    throw error;
  }
  if (migrationsPending(latestApplied)) {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  }
  const bus = createMemoryBus();
  return {
    kind: "pglite",
    db,
    bus,
    async query(text, params) {
      const result = await client.query(text, params);
      return result.rows as never[];
    },
    async ping() {
      const started = performance.now();
      await client.query("SELECT 1");
      return performance.now() - started;
    },
    async close() {
      await bus.close();
      await client.close();
    },
    async whileQuiet(copy) {
      await client.query("CHECKPOINT");
      return client.runExclusive(() => copy(dataDir));
    },
  };
}

async function openPostgresStore(
  connectionString: string,
  logger: Logger,
  beforeMigrate?: StoreOptions["beforeMigrate"],
): Promise<Store> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  pool.on("error", (err) => logger.warn({ err }, "idle control-store connection failed"));
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    // Read under the lock: another instance starting beside this one may have just migrated.
    const latestApplied = await checkStoreNotNewer(async (text) => (await lockClient.query(text)).rows);
    if (beforeMigrate && hasPendingMigrations(latestApplied)) {
      await beforeMigrate({});
    }
    if (migrationsPending(latestApplied)) {
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_DIR });
    }
  } catch (error) {
    lockClient.release(true);
    await pool.end();
    throw error;
  }
  // Clean-up: the advisory lock ends with the session, which is released next.
  await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
  lockClient.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db; // as for PGlite above: only the result HKT differs
  const bus = createPostgresBus(connectionString, pool, logger);
  return {
    kind: "postgres",
    db,
    bus,
    async query(text, params) {
      const result = await pool.query(text, params);
      return result.rows;
    },
    async ping() {
      const started = performance.now();
      await pool.query("SELECT 1");
      return performance.now() - started;
    },
    async close() {
      await bus.close();
      await pool.end();
    },
  };
}
