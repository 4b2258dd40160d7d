import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { type RunningServer, startServer } from "../../server/main.ts";
import { createScratchDatabase } from "./postgres.ts";

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
}

export interface TestServerOptions {
  env?: Record<string, string>;
  store?: TestStoreKind;
  distDir?: string;
}

/**
 * The real server on a random port, with a fresh store: in-memory PGlite, or a new database on the
 * test PostgreSQL cluster. Call `close()` in afterAll.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "appconsole-test-"));
  const store = options.store ?? testStoreKind();
  const scratch = store === "postgres" ? await createScratchDatabase() : null;
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
    inMemoryStore: store === "pglite",
    distDir: options.distDir,
  });
  return {
    ...server,
    dataDir,
    logs,
    env,
    request: (path, init) => fetch(new URL(path, server.url), init),
    async close() {
      await server.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
