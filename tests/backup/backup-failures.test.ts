import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BackupError } from "../../server/backup/backup-error.ts";
import type { BackupSource } from "../../server/backup/backup-instance.ts";
import { ServerBackups } from "../../server/backup/server-backups.ts";
import { stoppedPgliteSource } from "../../server/backup/sources.ts";
import { backupRunSchema, backupsOverviewSchema } from "../../server/contract/backups.ts";
import { type MasterKey, masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { api } from "../api/api-client.ts";
import { NEEDS_MOUNT } from "../helpers/reasoned-skips.mjs";
import { createTestUser } from "../helpers/stack-apps.ts";
import { seedPgliteTemplate, startTestServer, testStoreKind } from "../helpers/test-server.ts";

// A backup that cannot be written (a full disk, a folder the server may not write) fails with its
// code, is listed as failed, leaves no archive and no partial file behind, and the server serves on.
// The disks are real: small tmpfs mounts (root only; skipped with the reason elsewhere).
const scratch = mkdtempSync(join(tmpdir(), "appconsole-backup-failures-"));
const mounts: string[] = [];

function mountTmpfs(name: string, options: string): string | null {
  const at = join(scratch, name);
  mkdirSync(at, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", at], { stdio: "ignore" });
  } catch {
    return null;
  }
  mounts.push(at);
  return at;
}

const canMount = (() => {
  const probe = mountTmpfs("probe", "size=64k");
  if (!probe) return false;
  execFileSync("umount", [probe]);
  mounts.pop();
  return true;
})();

let dataDir: string;
let master: MasterKey;
const logs: string[] = [];
const logger = createLogger({
  level: "info",
  destination: new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  }),
});

beforeAll(async () => {
  // A real PGlite cluster (the template every data folder starts from), backed up as a stopped instance.
  dataDir = join(scratch, "data");
  await seedPgliteTemplate(dataDir);
  mkdirSync(join(dataDir, "store"), { recursive: true });
  writeFileSync(join(dataDir, "store", "PG_VERSION"), "17\n");
  master = masterKeyFromBytes(randomBytes(32));
}, 120_000);

afterAll(() => {
  for (const at of mounts.reverse()) execFileSync("umount", [at]);
  rmSync(scratch, { recursive: true, force: true });
});

/** The stopped instance's files, with its one managed database (the template cluster, some MB). */
function source(): BackupSource {
  const stopped = stoppedPgliteSource(dataDir);
  if (stopped.kind !== "pglite") throw new Error("expected a PGlite source");
  return {
    ...stopped,
    managedDatabases: async () => [{ id: "ud_0a", location: "ud_0a" }],
    withQuietDatabase: (_database, copy) => copy(join(dataDir, "databases", ".template")),
  };
}

describe("backups that cannot be written", { timeout: 120_000 }, () => {
  it("a folder under a file: refused at once with BACKUP_DIR_UNWRITABLE, nothing written", async () => {
    writeFileSync(join(scratch, "a-file"), "");
    const backups = new ServerBackups(source(), master, logger, join(scratch, "a-file", "backups"));
    await expect(backups.start("manual")).rejects.toMatchObject({ code: "BACKUP_DIR_UNWRITABLE" });
    expect(await backups.listRuns()).toEqual([]);
  });

  it.skipIf(!canMount)(`a read-only disk: refused with BACKUP_DIR_UNWRITABLE ${NEEDS_MOUNT}`, async () => {
    const readOnly = mountTmpfs("read-only", "size=1m,ro");
    if (!readOnly) throw new Error("could not mount");
    const backups = new ServerBackups(source(), master, logger, readOnly);
    await expect(backups.start("manual")).rejects.toMatchObject({ code: "BACKUP_DIR_UNWRITABLE" });
    expect(readdirSync(readOnly)).toEqual([]);
  });

  it.skipIf(!canMount)(`a disk that fills up: BACKUP_DISK_FULL, no archive, no partial ${NEEDS_MOUNT}`, async () => {
    const small = mountTmpfs("small", "size=1m");
    if (!small) throw new Error("could not mount");
    const backups = new ServerBackups(source(), master, logger, small);
    const { run, done } = await backups.backupToFolder("manual");
    expect(run.state).toBe("running");
    const failure = await done.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as BackupError).code).toBe("BACKUP_DISK_FULL");
    expect((await backups.listRuns())[0]).toMatchObject({ state: "failed", error: { code: "BACKUP_DISK_FULL" } });
    expect(readdirSync(small)).toEqual([]);
    expect(logs.some((line) => line.includes('"msg":"backup failed"'))).toBe(true);
  });

  it("one at a time: a second backup while one runs is refused with BACKUP_RUNNING", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = source();
    if (base.kind !== "pglite") throw new Error("expected a PGlite source");
    const gated: BackupSource = {
      ...base,
      withQuietStore: async (copy) => {
        await held;
        return base.withQuietStore(copy);
      },
    };
    const folder = join(scratch, "one-at-a-time");
    const backups = new ServerBackups(gated, master, logger, folder);
    const first = await backups.start("manual");
    await expect(backups.start("manual")).rejects.toMatchObject({ code: "BACKUP_RUNNING" });
    release();
    await vi.waitFor(async () => expect((await backups.listRuns())[0]?.state).toBe("succeeded"), { timeout: 60_000 });
    expect(await backups.listRuns()).toHaveLength(1);
    expect(readdirSync(folder)).toEqual([first.archive.split("/").pop()]);
    expect((await backups.folder.list())[0]).toMatchObject({ seal: "valid", store: "pglite", databases: 1 });
  });
});

describe.skipIf(!canMount)(`the server with a full backup disk (${testStoreKind()}) ${NEEDS_MOUNT}`, () => {
  it("lists the failed run with its code and keeps serving", { timeout: 180_000 }, async () => {
    const small = mountTmpfs("server-small", "size=64k");
    if (!small) throw new Error("could not mount");
    const operatorEmail = `ops-${randomUUID()}@example.com`;
    const server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail, BACKUP_DIR: small } });
    try {
      const operator = await createTestUser(server, { email: operatorEmail, verified: true });
      const started = await api(server, operator.accessToken, "POST", "/admin/backups");
      expect(started.status, started.text).toBe(202);
      const { id } = backupRunSchema.parse(started.data);
      const ended = await vi.waitFor(
        async () => {
          const overview = backupsOverviewSchema.parse(
            (await api(server, operator.accessToken, "GET", "/admin/backups")).data,
          );
          const run = overview.runs.find((candidate) => candidate.id === id);
          if (!run || run.state === "running") throw new Error("still running");
          return { run, overview };
        },
        { timeout: 120_000, interval: 200 },
      );
      expect(ended.run).toMatchObject({ state: "failed", error: { code: "BACKUP_DISK_FULL" } });
      expect(ended.overview.archives).toEqual([]);
      expect(readdirSync(small)).toEqual([]);
      const me = await api(server, operator.accessToken, "GET", "/admin/me");
      expect(me.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
