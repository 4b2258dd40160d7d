import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BackupRun, backupRunSchema, backupsOverviewSchema } from "../../server/contract/backups.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// The admin area's Backups page: its routes, operators only, on this project's store.
const store = testStoreKind();
const operatorEmail = `ops-${randomUUID()}@example.com`;
const backupDir = mkdtempSync(join(tmpdir(), "appconsole-admin-backups-"));

let server: TestServer;
let operator: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail, BACKUP_DIR: backupDir, BACKUP_KEEP: "2" } });
  [operator, member] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  // A managed database, so the archive carries one.
  const verified = await api(server, member.accessToken, "POST", "/auth/verify");
  expect(verified.status, verified.text).toBe(200);
}, 180_000);

afterAll(async () => {
  if (member) await deleteAllDatabases(server, member.accessToken);
  await server?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const overview = async () => {
  const answer = await api(server, operator.accessToken, "GET", "/admin/backups");
  expect(answer.status, answer.text).toBe(200);
  return backupsOverviewSchema.parse(answer.data);
};

/** Starts "Back up now" and waits for its run to end (the route answers as soon as it started). */
async function backUpNow(): Promise<BackupRun> {
  const started = await api(server, operator.accessToken, "POST", "/admin/backups");
  expect(started.status, started.text).toBe(202);
  const run = backupRunSchema.parse(started.data);
  expect(run).toMatchObject({ trigger: "manual", state: "running" });
  return await vi.waitFor(
    async () => {
      const now = (await overview()).runs.find((candidate) => candidate.id === run.id);
      if (!now || now.state === "running") throw new Error("still running");
      return now;
    },
    { timeout: 120_000, interval: 200 },
  );
}

describe(`admin backups (${store})`, { timeout: 180_000 }, () => {
  it("refuses everyone but operators, on every route", async () => {
    const name = "backup-2026-01-01T00-00-00Z.tar";
    for (const [method, path] of [
      ["GET", "/admin/backups"],
      ["POST", "/admin/backups"],
      ["GET", `/admin/backups/${name}`],
      ["DELETE", `/admin/backups/${name}`],
    ] as const) {
      const refused = await api(server, member.accessToken, method, path);
      expect([method, path, refused.status, refused.error?.code]).toEqual([method, path, 403, "ADMIN_REQUIRED"]);
      const anonymous = await api(server, null, method, path);
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
    }
  });

  it("backs up now in the background, lists the archive sealed, and streams it to operators", async () => {
    const before = await overview();
    expect(before.settings).toMatchObject({ dir: backupDir, schedule: "off", keep: 2, keepDays: null, store });
    const run = await backUpNow();
    expect(run.state, JSON.stringify(run.error)).toBe("succeeded");
    expect(run.progress.databasesDone).toBe(run.progress.databasesTotal);
    expect(run.progress.databasesTotal).toBeGreaterThanOrEqual(1);
    const listed = (await overview()).archives.find((archive) => archive.name === run.archive);
    expect(listed).toMatchObject({ seal: "valid", store, bytes: statSync(join(backupDir, run.archive)).size });
    expect(listed?.databases).toBe(run.progress.databasesTotal);

    const download = await server.request(`/api/v1/admin/backups/${run.archive}`, {
      headers: { authorization: `Bearer ${operator.accessToken}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/x-tar");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${run.archive}"`);
    expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(join(backupDir, run.archive)))).toBe(true);
  });

  it("tells a cut-short or altered archive from a sealed one", async () => {
    const sealed = (await overview()).archives.find((archive) => archive.seal === "valid");
    if (!sealed) throw new Error("no sealed archive to copy");
    const from = join(backupDir, sealed.name);
    copyFileSync(from, join(backupDir, "cut-short.tar"));
    truncateSync(join(backupDir, "cut-short.tar"), Math.floor(sealed.bytes / 2));
    // The manifest's store kind changed: the seal no longer matches.
    const bytes = readFileSync(from);
    const at = bytes.indexOf(Buffer.from(`"store": "${store}"`));
    expect(at).toBeGreaterThan(0);
    bytes.write(store === "pglite" ? `"store": "pgLite"` : `"store": "Postgres"`, at);
    writeFileSync(join(backupDir, "altered.tar"), bytes);
    const archives = (await overview()).archives;
    expect(archives.find((archive) => archive.name === "cut-short.tar")?.seal).toBe("missing");
    expect(archives.find((archive) => archive.name === "altered.tar")?.seal).toBe("invalid");
  });

  it("keeps BACKUP_KEEP sealed archives after a backup, and leaves the ones it cannot vouch for", async () => {
    await backUpNow();
    const last = await backUpNow();
    const archives = (await overview()).archives;
    const sealed = archives.filter((archive) => archive.seal === "valid").map((archive) => archive.name);
    expect(sealed).toHaveLength(2);
    expect(sealed[0]).toBe(last.archive);
    expect(archives.map((archive) => archive.name)).toEqual(expect.arrayContaining(["cut-short.tar", "altered.tar"]));
  });

  it("deletes an archive, and answers BACKUP_NOT_FOUND for one that is gone or a name that climbs out", async () => {
    const deleted = await api(server, operator.accessToken, "DELETE", "/admin/backups/altered.tar");
    expect(deleted.status, deleted.text).toBe(200);
    expect((await overview()).archives.map((archive) => archive.name)).not.toContain("altered.tar");
    const again = await api(server, operator.accessToken, "DELETE", "/admin/backups/altered.tar");
    expect([again.status, again.error?.code]).toEqual([404, "BACKUP_NOT_FOUND"]);
    const missing = await api(server, operator.accessToken, "GET", "/admin/backups/altered.tar");
    expect([missing.status, missing.error?.code]).toEqual([404, "BACKUP_NOT_FOUND"]);
    const climbing = await api(server, operator.accessToken, "GET", "/admin/backups/..%2Fmaster.key");
    expect(climbing.status).toBe(404);
  });
});
