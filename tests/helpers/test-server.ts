import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Writable } from "node:stream";
import { loadConfig } from "../../server/config.ts";
import { MIGRATIONS_DIR, openStore } from "../../server/db/store.ts";
import { APP_ROOT } from "../../server/lib/app-root.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { type RunningServer, startServer } from "../../server/main.ts";
import { builtStoreDir, templateKey } from "../../server/pglite/built-template.mjs";
import { copyCluster } from "../../server/pglite/copy-cluster.ts";
import { pgliteTemplate, templateDir } from "../../server/pglite/template.ts";
import { completeSetup, type FirstOperatorAccount } from "./first-operator.ts";
import { createMigratedDatabase } from "./postgres.ts";

export { completeSetup, type FirstOperatorAccount };

export type TestStoreKind = "pglite" | "postgres";

/** Which store this vitest project runs against (set per project in vitest.config.ts). */
export function testStoreKind(): TestStoreKind {
  return process.env.TEST_STORE === "postgres" ? "postgres" : "pglite";
}

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Every log line the server wrote, as raw JSON text. */
  logs: string[];
  env: Record<string, string>;
  /** `fetch` against the server, with a path relative to its origin. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The operator the setup link made at the start (null with `firstOperator: false`). */
  firstOperator: FirstOperatorAccount | null;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  store?: TestStoreKind;
  distDir?: string;
  /**
   * Completes the first run as its operator does, through the printed setup link (POST
   * /api/v1/setup), so the console takes sign-ups. `false` leaves the instance waiting.
   */
  firstOperator?: boolean;
}

let sharedTemplate: Promise<string> | null = null;

/**
 * PGlite's initdb costs seconds of CPU. A data folder runs it once (server/pglite/template.ts); test
 * servers, each on a new data folder, share one template per machine and PGlite version instead,
 * copied in before the server starts, exactly as a second start finds it.
 */
function machineTemplate(): Promise<string> {
  sharedTemplate ??= (async () => {
    const cached = join(tmpdir(), `appconsole-pglite-template-${templateKey(APP_ROOT)}`);
    if (!existsSync(join(cached, "PG_VERSION"))) {
      const scratch = mkdtempSync(join(tmpdir(), "appconsole-template-"));
      try {
        const made = await pgliteTemplate(scratch);
        // The build's template when `npm run build` made one: copied, the build keeps its own.
        if (made !== templateDir(scratch)) cpSync(made, templateDir(scratch), { recursive: true });
        renameSync(templateDir(scratch), cached); // another test process may have won the race: fine
      } catch (error) {
        if (!existsSync(join(cached, "PG_VERSION"))) throw error;
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
    return cached;
  })();
  return sharedTemplate;
}

/**
 * Gives a new PGlite data folder the machine's template, so its first start skips initdb. Copied as
 * the server copies clusters (copyCluster: without blocking the event loop, reflinked where the file
 * system can); on ext4 the some 700 files still take 0.4-0.5 s of a test server's start.
 */
export async function seedPgliteTemplate(dataDir: string): Promise<void> {
  const target = templateDir(dataDir);
  mkdirSync(dirname(target), { recursive: true });
  await copyCluster(await machineTemplate(), target);
}

/** `store-<hash of the migrations>`: names a control store (or database) brought to today's migrations. */
export const migratedStoreKey = () => basename(builtStoreDir(APP_ROOT, MIGRATIONS_DIR));

let sharedStore: Promise<string> | null = null;

/**
 * A new PGlite control store runs some 40 migrations in WASM (0.7-1.2 s of a test server's start on
 * an idle two-core machine, several seconds loaded). A fresh clone has no build output (npm test
 * builds only the web app), so every test server paid that until tests/server/pglite-clusters made
 * the build's migrated store mid-run. Test servers start instead on a copy of one store migrated once
 * per machine, PGlite version and set of migrations, as a server of a build starts on the store
 * `npm run build` migrated (db/store.ts). It is made by the real `openStore` on a new data folder, so
 * every run still migrates a new store once; the migrations are tested where they are the subject
 * (tests/server/store-restart, tests/backup/before-migrate, tests/server/pglite-clusters), and a
 * first start that migrates where a test passes its own DATA_DIR or DATABASE_URL.
 */
function machineStore(): Promise<string> {
  sharedStore ??= (async () => {
    const cached = join(tmpdir(), `appconsole-pglite-${templateKey(APP_ROOT)}-${migratedStoreKey()}`);
    if (!existsSync(join(cached, "PG_VERSION"))) {
      const scratch = mkdtempSync(join(tmpdir(), "appconsole-store-"));
      try {
        await seedPgliteTemplate(scratch);
        const store = await openStore({ dataDir: scratch, logger: createLogger({ level: "silent" }) });
        await store.close(); // closed cleanly: a copy starts without WAL recovery
        renameSync(join(scratch, "store"), cached); // another test process may have won the race: fine
      } catch (error) {
        if (!existsSync(join(cached, "PG_VERSION"))) throw error;
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
    return cached;
  })().catch((error: unknown) => {
    sharedStore = null;
    throw error;
  });
  return sharedStore;
}

/**
 * The real server on a random port, with a fresh store: PGlite in a new data folder, or a new
 * database on the test PostgreSQL cluster, each already at today's migrations (a copy of one
 * migrated store, see `machineStore`). A test that passes its own DATA_DIR or DATABASE_URL gets
 * that, as the server finds it. Call `close()` in afterAll.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "appconsole-test-"));
  const store = options.store ?? testStoreKind();
  // A test's own database or folder (a restart on the same store) is left as the test made it, and
  // the server uses it: no scratch database is made beside it, no store copied into a folder it ignores.
  const ownDatabase = Boolean(options.env?.DATABASE_URL);
  const scratch = store === "postgres" && !ownDatabase ? await createMigratedDatabase(migratedStoreKey()) : null;
  if (store === "pglite") {
    await seedPgliteTemplate(dataDir);
    if (!ownDatabase && !options.env?.DATA_DIR) await copyCluster(await machineStore(), join(dataDir, "store"));
  }
  const env: Record<string, string> = {
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "debug",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  };
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, destination });
  const server = await startServer(config, {
    logger,
    distDir: options.distDir,
  });
  let firstOperator: FirstOperatorAccount | null = null;
  try {
    if (options.firstOperator !== false && server.setupUrl) {
      firstOperator = await completeSetup(server.url, server.setupUrl);
    }
  } catch (error) {
    await server.close();
    await scratch?.drop();
    throw error;
  }
  return {
    ...server,
    dataDir,
    logs,
    env,
    firstOperator,
    request: (path, init) => fetch(new URL(path, server.url), init),
    async close() {
      await server.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
