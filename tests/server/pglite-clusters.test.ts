import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { MIGRATIONS_DIR } from "../../server/db/store.ts";
import { APP_ROOT } from "../../server/lib/app-root.ts";
import { buildTemplates } from "../../server/pglite/built-template.mjs";
import { spareDir } from "../../server/pglite/template.ts";
import { api, deleteAllDatabases } from "../api/api-client.ts";
import { describePgliteOnly } from "../helpers/postgres-only.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// How new PGlite clusters are made (issue 22): copies of build output, and a spare copy made ahead
// that the next managed database takes. Managed databases on PostgreSQL are no files of ours.
describePgliteOnly("PGlite clusters", () => {
  let server: TestServer;
  const users: TestUser[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    for (const user of users) await deleteAllDatabases(server, user.accessToken);
    await server?.close();
  });

  const initialise = async () => {
    const user = await createTestUser(server, { verified: true });
    users.push(user);
    const verified = await api(server, user.accessToken, "POST", "/auth/verify");
    expect(verified.status, verified.text).toBe(200);
    const { databaseId } = verifyResultSchema.parse(verified.data);
    const run = await api(server, user.accessToken, "POST", `/db/${databaseId}/execute`, {
      sql: "SELECT count(*)::int AS n FROM example_tasks",
    });
    expect(executeResponseSchema.parse(run.data).results[0]?.rows).toEqual([[3]]);
    return databaseId;
  };

  it("makes a spare copy after a new database, and the next database is that copy", async () => {
    const spare = spareDir(server.dataDir);
    await initialise();
    await expect.poll(() => existsSync(join(spare, "PG_VERSION")), { timeout: 60_000 }).toBe(true);
    // Marked, so the next database shows whether it is the spare (renamed) or a fresh copy.
    const marker = join(spare, "spare-marker");
    writeFileSync(marker, "");
    const second = await initialise();
    const databases = join(server.dataDir, "databases");
    const taken = readdirSync(databases).filter((name) => existsSync(join(databases, name, "spare-marker")));
    expect(taken).toEqual([`ud_${second.replaceAll("-", "")}`]);
    // And the next spare is made again, unmarked.
    await expect.poll(() => existsSync(join(spare, "PG_VERSION")), { timeout: 60_000 }).toBe(true);
    expect(existsSync(marker)).toBe(false);
  }, 180_000);

  it("makes the spare once a long-running server warms up, before any database is created", async () => {
    // A fresh server: the first sign-up after a (re)start used to copy the template itself.
    const fresh = await startTestServer();
    try {
      const spare = spareDir(fresh.dataDir);
      expect(existsSync(spare)).toBe(false);
      fresh.warmUp();
      await expect.poll(() => existsSync(join(spare, "PG_VERSION")), { timeout: 60_000 }).toBe(true);
      expect(readdirSync(join(fresh.dataDir, "databases")).filter((name) => name.startsWith("ud_"))).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it("builds a control store with every migration applied", async () => {
    const { store } = await buildTemplates(APP_ROOT, MIGRATIONS_DIR);
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    // Opened on a copy of its own: the build's cluster stays as it was.
    const copy = join(mkdtempSync(join(tmpdir(), "built-store-")), "store");
    cpSync(store, copy, { recursive: true });
    const db = await PGlite.create(copy);
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle."__drizzle_migrations"');
      expect(rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    }
    // A whole build of the templates: every migration applied to a fresh cluster.
  }, 180_000);
});
