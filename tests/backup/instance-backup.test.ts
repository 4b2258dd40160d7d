import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropTenantDatabase } from "../../server/api/lib/databases/managed-roles.ts";
import { loadConfig } from "../../server/config.ts";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { startServer } from "../../server/main.ts";
import { api } from "../api/api-client.ts";
import { createScratchDatabase, TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { seedPgliteTemplate, startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { instanceEnv, runBackupCli } from "./backup-cli.ts";

// Backup and restore of a whole instance through the real commands (npm run backup / restore),
// against a real server under a write load, on the store of this vitest project.
const store = testStoreKind();
const SECRET_VALUE = "line one\nsecret ✓ with 'quotes' and spaces  ";

let server: TestServer;
let alice: TestUser;
let dbId: string;
let appId: string;
/** Where this file's archives go: a temp folder of its own, never the repository. */
const archives = mkdtempSync(join(tmpdir(), "appconsole-archives-"));

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  dbId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(server, alice.accessToken, "CREATE TABLE writes (n integer PRIMARY KEY)");
  const app = await api<{ id: string }>(server, alice.accessToken, "POST", "/apps", { title: "Backed up" });
  appId = app.data.id;
  const secret = await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, {
    key: "API_KEY",
    value: SECRET_VALUE,
  });
  expect(secret.status, secret.text).toBe(201);
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(archives, { recursive: true, force: true });
});

async function exec(target: TestServer, token: string, sql: string) {
  const answer = await api(target, token, "POST", `/db/${dbId}/execute`, { sql });
  if (answer.status !== 200) throw new Error(`execute answered ${answer.status}: ${answer.text}`);
  return executeResponseSchema.parse(answer.data);
}

/** A server on an existing data folder (and database), as `npm start` after a restore. */
async function startOn(env: Record<string, string>): Promise<TestServer> {
  const fullEnv = { NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env };
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig(fullEnv);
  const running = await startServer(config, { logger: createLogger({ level: "warn", destination }) });
  return {
    ...running,
    dataDir: config.DATA_DIR,
    logs,
    env: fullEnv,
    firstOperator: null,
    request: (path, init) => fetch(new URL(path, running.url), init),
  };
}

describe(`instance backup and restore (${store})`, () => {
  it("backs up under a write load and restores into a fresh instance: every acknowledged write, secrets and sign-in", async () => {
    const acknowledged: number[] = [];
    let stop = false;
    const load = (async () => {
      for (let n = 1; !stop; n++) {
        await exec(server, alice.accessToken, `INSERT INTO writes VALUES (${n})`);
        acknowledged.push(n);
      }
    })();
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(5), { timeout: 60_000, interval: 20 });
    const acknowledgedBefore = acknowledged.length;
    const archive = join(archives, "under-load.tar");
    const backup = await runBackupCli("backup", [archive], instanceEnv(server.dataDir, server.env.DATABASE_URL));
    stop = true;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("under-load.tar");
    expect(readdirSync(archives).filter((name) => name.includes(".partial"))).toEqual([]);
    // The backup is in the instance audit log, by its archive, never its content.
    const logged = await server.store.query<{ subject: string }>(
      "SELECT subject FROM instance_audit_events WHERE action = 'backup.created'",
    );
    expect(logged.map((row) => row.subject)).toEqual([archive]);

    // A fresh instance: a new data folder holding only the master key (kept apart from the archive).
    const fresh = mkdtempSync(join(tmpdir(), "appconsole-restored-"));
    copyFileSync(join(server.dataDir, "master.key"), join(fresh, "master.key"));
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
    const locations: string[] = [];
    if (store === "postgres") {
      // The cluster is shared: the source's managed databases go first, as when the old host is lost.
      const rows = await server.store.query<{ location: string }>(
        "SELECT location FROM user_databases WHERE kind = 'managed'",
      );
      locations.push(...rows.map((row) => row.location));
      await server.close();
      for (const location of locations) await dropTenantDatabase(TEST_POSTGRES_URL, location);
      scratch = await createScratchDatabase("restore");
    } else {
      await seedPgliteTemplate(fresh);
    }
    let restored: TestServer | null = null;
    try {
      const restore = await runBackupCli("restore", [archive], instanceEnv(fresh, scratch?.url));
      expect(restore.code, restore.stderr).toBe(0);
      restored = await startOn(instanceEnv(fresh, scratch?.url));
      // The restored instance's audit log says where its history resumes.
      const restoredEvents = await restored.store.query<{ subject: string }>(
        "SELECT subject FROM instance_audit_events WHERE action = 'instance.restored'",
      );
      expect(restoredEvents.map((row) => row.subject)).toEqual([archive]);

      const keys = await appProjectOf(restored);
      const signIn = await stackFetch(restored, "/auth/password/sign-in", {
        access: "client",
        keys,
        body: { email: alice.email, password: alice.password },
      });
      expect(signIn.status, signIn.text).toBe(200);
      const token = (signIn.body as { access_token: string }).access_token;

      const secrets = await api(restored, token, "GET", `/apps/${appId}/secrets`);
      expect(secrets.status, secrets.text).toBe(200);
      expect(secrets.data).toEqual([{ key: "API_KEY", decryptedValue: SECRET_VALUE }]);

      const rows = await exec(restored, token, "SELECT n FROM writes ORDER BY n");
      const ns = (rows.results[0]?.rows ?? []).map((row) => Number(row[0]));
      // Every write acknowledged before the backup began, and no gap: one consistent state.
      expect(ns.length).toBeGreaterThanOrEqual(acknowledgedBefore);
      expect(ns).toEqual(acknowledged.slice(0, ns.length));
    } finally {
      await restored?.close();
      if (store === "postgres") {
        for (const location of locations) await dropTenantDatabase(TEST_POSTGRES_URL, location);
        await scratch?.drop();
      }
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 300_000);
});
