import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { MIGRATIONS_DIR } from "../../server/db/store.ts";
import { APP_ROOT } from "../../server/lib/app-root.ts";
import { buildTemplates } from "../../server/pglite/built-template.mjs";
import { SPARE_CLUSTERS } from "../../server/pglite/spare-pool.ts";
import { newCluster, pgliteTemplate, readySpares, sparesDir, templateDir } from "../../server/pglite/template.ts";
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

  const ready = (dataDir: string) => readySpares(dataDir).length;
  const databasesWith = (dataDir: string, file: string) => {
    const databases = join(dataDir, "databases");
    return readdirSync(databases).filter((name) => existsSync(join(databases, name, file)));
  };

  it("keeps spare copies ahead of new databases, and new databases are those copies", async () => {
    await initialise();
    await expect.poll(() => ready(server.dataDir), { timeout: 60_000 }).toBe(SPARE_CLUSTERS);
    // Marked, so the next databases show whether they are spares (renamed) or fresh copies.
    for (const name of readySpares(server.dataDir))
      writeFileSync(join(sparesDir(server.dataDir), name, "spare-marker"), "");
    // Two sign-ups at once take one spare each; neither waits for a copy.
    const created = await Promise.all([initialise(), initialise()]);
    expect(databasesWith(server.dataDir, "spare-marker").sort()).toEqual(
      created.map((id) => `ud_${id.replaceAll("-", "")}`).sort(),
    );
    // And the pool is filled again, unmarked.
    await expect.poll(() => ready(server.dataDir), { timeout: 60_000 }).toBe(SPARE_CLUSTERS);
    for (const name of readySpares(server.dataDir)) {
      expect(existsSync(join(sparesDir(server.dataDir), name, "spare-marker"))).toBe(false);
    }
  }, 180_000);

  it("makes a new database without template0, which nothing can connect to, and with template1", async () => {
    const user = await createTestUser(server, { verified: true });
    users.push(user);
    const verified = await api(server, user.accessToken, "POST", "/auth/verify");
    const { databaseId } = verifyResultSchema.parse(verified.data);
    const run = await api(server, user.accessToken, "POST", `/db/${databaseId}/execute`, {
      sql: "SELECT datname FROM pg_database ORDER BY datname",
    });
    expect(executeResponseSchema.parse(run.data).results[0]?.rows).toEqual([["postgres"], ["template1"]]);
  }, 180_000);

  it("makes the spares once a long-running server warms up, before any database is created", async () => {
    // A fresh server: the first sign-up after a (re)start used to copy the template itself.
    const fresh = await startTestServer();
    try {
      expect(ready(fresh.dataDir)).toBe(0);
      fresh.warmUp();
      await expect.poll(() => ready(fresh.dataDir), { timeout: 60_000 }).toBe(SPARE_CLUSTERS);
      expect(readdirSync(join(fresh.dataDir, "databases")).filter((name) => name.startsWith("ud_"))).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it("brings a spare from before the pool into it and removes half-made copies at start", async () => {
    const fresh = await startTestServer();
    try {
      const databases = join(fresh.dataDir, "databases");
      cpSync(await pgliteTemplate(fresh.dataDir), join(databases, ".spare"), { recursive: true });
      writeFileSync(join(databases, ".spare", "spare-marker"), "");
      mkdirSync(join(databases, ".spare.123.tmp"));
      mkdirSync(join(databases, "ud_cut_short.123.tmp"));
      const underWay = join(databases, `ud_copying.${process.pid}.tmp`);
      mkdirSync(underWay);
      mkdirSync(join(sparesDir(fresh.dataDir), "half.tmp"), { recursive: true });
      fresh.warmUp();
      await expect.poll(() => ready(fresh.dataDir), { timeout: 60_000 }).toBe(SPARE_CLUSTERS);
      expect(existsSync(join(databases, ".spare"))).toBe(false);
      expect(existsSync(join(databases, ".spare.123.tmp"))).toBe(false);
      expect(existsSync(join(databases, "ud_cut_short.123.tmp"))).toBe(false);
      // The test server runs in this process: a copy under way of its own is left alone.
      expect(existsSync(underWay)).toBe(true);
      expect(readdirSync(sparesDir(fresh.dataDir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
      const marked = readySpares(fresh.dataDir).filter((name) =>
        existsSync(join(sparesDir(fresh.dataDir), name, "spare-marker")),
      );
      expect(marked).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it("leaves nothing where a copy of the template failed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cluster-copy-"));
    try {
      // A template holding something that is neither file nor folder: the copy stops half-way.
      cpSync(await pgliteTemplate(server.dataDir), templateDir(dataDir), { recursive: true });
      symlinkSync("PG_VERSION", join(templateDir(dataDir), "zz-link"));
      const target = join(dataDir, "databases", "ud_broken");
      await expect(newCluster(dataDir, target)).rejects.toThrow(/neither a file nor a folder/);
      expect(readdirSync(join(dataDir, "databases"))).toEqual([".template"]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("makes a new data folder's first cluster before any spare made its folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cluster-first-"));
    try {
      const target = join(dataDir, "databases", "first", "ud_first");
      await newCluster(dataDir, target);
      expect(existsSync(join(target, "PG_VERSION"))).toBe(true);
      expect(readdirSync(join(dataDir, "databases", "first"))).toEqual(["ud_first"]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

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
