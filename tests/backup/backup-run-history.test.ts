import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BackupSource } from "../../server/backup/backup-instance.ts";
import { parseBackupSchedule } from "../../server/backup/backup-schedule.ts";
import { ServerBackups } from "../../server/backup/server-backups.ts";
import { postgresBackupSource } from "../../server/backup/sources.ts";
import { backupRunsTable } from "../../server/db/schema/index.ts";
import { openStore, type Store } from "../../server/db/store.ts";
import { type MasterKey, masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { POSTGRES_ONLY } from "../helpers/reasoned-skips.mjs";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// The run history outlives the server: runs are kept in the control store (backup_runs), a run a
// stopped process left running is listed as interrupted, and a failed scheduled run's retry is
// made after a restart. "A restart" is the store closed and opened again with a new ServerBackups,
// as main.ts does at every start (resume).
const kind = testStoreKind();
const logger = createLogger({ level: "silent" });
const scratch = mkdtempSync(join(tmpdir(), "appconsole-run-history-"));
const dataDir = join(scratch, "data");
const backupDir = join(scratch, "backups");
const master: MasterKey = masterKeyFromBytes(randomBytes(32));
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | null = null;
const open: Array<{ store: Store; backups: ServerBackups }> = [];

beforeAll(async () => {
  if (kind === "postgres") {
    const database = await createScratchDatabase("runs");
    databaseUrl = database.url;
    dropDatabase = database.drop;
  } else await seedPgliteTemplate(dataDir);
}, 120_000);

afterAll(async () => {
  for (const { store, backups } of open) {
    await backups.close(dataDir);
    await store.close();
  }
  await dropDatabase?.();
  rmSync(scratch, { recursive: true, force: true });
});

/** The server's backups on a (re)opened store: its real store, no managed databases. */
async function start(folder = backupDir): Promise<{ store: Store; backups: ServerBackups }> {
  const store = await openStore({ dataDir, databaseUrl, logger });
  let source: BackupSource;
  if (databaseUrl) source = postgresBackupSource(databaseUrl, async () => []);
  else {
    const whileQuiet = store.whileQuiet?.bind(store);
    if (!whileQuiet) throw new Error("a PGlite store without whileQuiet");
    source = {
      kind: "pglite",
      managedDatabases: async () => [],
      withQuietStore: whileQuiet,
      withQuietDatabase: () => Promise.reject(new Error("no managed databases here")),
    };
  }
  const backups = new ServerBackups(source, master, logger, folder, {}, store.db);
  const opened = { store, backups };
  open.push(opened);
  return opened;
}

async function stop(opened: { store: Store; backups: ServerBackups }): Promise<void> {
  open.splice(open.indexOf(opened), 1);
  await opened.backups.close(dataDir);
  await opened.store.close();
}

const daily = parseBackupSchedule("daily@03:00");

describe(`backup run history (${kind})`, { timeout: 180_000 }, () => {
  it("keeps a run with its archive, size and result across a restart", async () => {
    const first = await start();
    const { run, done } = await first.backups.backupToFolder("manual");
    expect(run).toMatchObject({ state: "running", trigger: "manual", attempt: 1, retryOf: null, bytes: null });
    const manifest = await done;
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    expect(bytes).toBeGreaterThan(0);
    await stop(first);

    const second = await start();
    await second.backups.resume(null);
    const [listed] = await second.backups.listRuns();
    expect(listed).toMatchObject({
      id: run.id,
      state: "succeeded",
      trigger: "manual",
      archive: run.archive,
      bytes,
      databases: 0,
      error: null,
    });
    expect(listed?.endedAt).not.toBeNull();
    expect(readdirSync(backupDir)).toContain(run.archive.split("/").pop());
    await stop(second);
  });

  it("lists a run a stopped process left running as interrupted, and makes its scheduled retry", async () => {
    const first = await start();
    // What a process killed during a scheduled backup leaves: its row running, no longer refreshed.
    const [left] = await first.store.db
      .insert(backupRunsTable)
      .values({
        trigger: "schedule",
        archive: join(backupDir, "backup-killed.tar"),
        state: "running",
        startedAt: new Date(Date.now() - 3_600_000),
        heartbeatAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    if (!left) throw new Error("no row");
    await stop(first);

    const second = await start();
    await second.backups.resume(daily);
    const retried = await vi.waitFor(
      async () => {
        const runs = await second.backups.listRuns();
        const retry = runs.find((candidate) => candidate.retryOf === left.id);
        if (!retry || retry.state === "running") throw new Error("no retry ended yet");
        return { runs, retry };
      },
      { timeout: 120_000, interval: 100 },
    );
    const interrupted = retried.runs.find((candidate) => candidate.id === left.id);
    expect(interrupted).toMatchObject({ state: "failed", error: { code: "BACKUP_INTERRUPTED" } });
    expect(interrupted?.retryAt).not.toBeNull();
    expect(retried.retry).toMatchObject({ trigger: "schedule", attempt: 2, state: "succeeded" });
    await stop(second);
  });

  it("records a scheduled backup refused by its folder as failed with a retry, and retries it after a restart", async () => {
    writeFileSync(join(scratch, "a-file"), "");
    const unwritable = join(scratch, "a-file", "backups");
    const first = await start(unwritable);
    // The last scheduled run was two days ago: a daily time passed while the server was down.
    await first.store.db.insert(backupRunsTable).values({
      trigger: "schedule",
      archive: join(backupDir, "backup-old.tar"),
      state: "succeeded",
      startedAt: new Date(Date.now() - 2 * 86_400_000),
      endedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const before = Date.now();
    await first.backups.resume(daily);
    const refused = await vi.waitFor(
      async () => {
        const [newest] = await first.backups.listRuns();
        if (newest?.state !== "failed") throw new Error("no failed run yet");
        return newest;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(refused).toMatchObject({ trigger: "schedule", attempt: 1, error: { code: "BACKUP_DIR_UNWRITABLE" } });
    // Tried again five minutes later (the test moves that time into the past below instead of waiting).
    expect(Date.parse(refused.retryAt ?? "")).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    await first.store.query("UPDATE backup_runs SET retry_at = now() - interval '1 minute' WHERE id = $1", [
      refused.id,
    ]);
    await stop(first);

    const second = await start();
    await second.backups.resume(daily);
    const retry = await vi.waitFor(
      async () => {
        const found = (await second.backups.listRuns()).find((candidate) => candidate.retryOf === refused.id);
        if (!found || found.state === "running") throw new Error("no retry ended yet");
        return found;
      },
      { timeout: 120_000, interval: 100 },
    );
    expect(retry).toMatchObject({ trigger: "schedule", attempt: 2, state: "succeeded" });
    await stop(second);
  });

  it.runIf(kind === "postgres")(
    `leaves a run of another live instance running (its row is still refreshed) ${POSTGRES_ONLY}`,
    async () => {
      const first = await start();
      const [alive] = await first.store.db
        .insert(backupRunsTable)
        .values({ trigger: "manual", archive: join(backupDir, "backup-elsewhere.tar"), state: "running" })
        .returning();
      await first.backups.resume(null);
      const listed = (await first.backups.listRuns()).find((candidate) => candidate.id === alive?.id);
      expect(listed?.state).toBe("running");
      await first.store.query("UPDATE backup_runs SET heartbeat_at = now() - interval '10 minutes' WHERE id = $1", [
        alive?.id,
      ]);
      const stale = (await first.backups.listRuns()).find((candidate) => candidate.id === alive?.id);
      expect(stale).toMatchObject({ state: "failed", error: { code: "BACKUP_INTERRUPTED" }, retryAt: null });
      await stop(first);
    },
  );
});
