import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import { type Bus, createMemoryBus, createPostgresBus } from "./bus.ts";
import * as schema from "./schema/index.ts";

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
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
/** Serializes migrations when several instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_240_113;

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  logger: Logger;
  /** PGlite only: keep the control store in memory (tests). */
  inMemory?: boolean;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl ? openPostgresStore(options.databaseUrl, options.logger) : openPgliteStore(options);
}

async function openPgliteStore(options: StoreOptions): Promise<Store> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = join(options.dataDir, "store");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db; // the two drivers differ only in their result HKT
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
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
  };
}

async function openPostgresStore(connectionString: string, logger: Logger): Promise<Store> {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  pool.on("error", (err) => logger.warn({ err }, "idle control-store connection failed"));
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
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
