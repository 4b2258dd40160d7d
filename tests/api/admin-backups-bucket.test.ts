import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { summarizeArchive } from "../../server/backup/archive-summary.ts";
import { existingMasterKey } from "../../server/backup/master-key.ts";
import { type BackupRun, backupRunSchema, backupsOverviewSchema } from "../../server/contract/backups.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// The Backups page with an S3-compatible bucket instead of the folder (BACKUP_S3_KEEP_LOCAL=false),
// against a real S3 server (s3rver, in this process, on a free loopback port): the archive is
// listed from the bucket, downloaded from it, its databases read from it, deleted from it; the
// secret access key is never in an answer.
const store = testStoreKind();
const operatorEmail = `ops-${randomUUID()}@example.com`;
const scratch = mkdtempSync(join(tmpdir(), "appconsole-admin-bucket-"));
const backupDir = join(scratch, "backups");
// s3rver checks the key id (S3RVER) but not the signature, so any secret passes: a distinctive one to look for.
const SECRET = `secret-${randomUUID()}`;

let s3: S3rver;
let server: TestServer;
let operator: TestUser;
let member: TestUser;

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: join(scratch, "s3"),
    configureBuckets: [{ name: "page-backups", configs: [] }],
  });
  const { port } = await s3.run();
  server = await startTestServer({
    env: {
      ADMIN_EMAILS: operatorEmail,
      BACKUP_DIR: backupDir,
      BACKUP_S3_BUCKET: "page-backups",
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_PREFIX: "console/",
      BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
      BACKUP_S3_SECRET_ACCESS_KEY: SECRET,
      BACKUP_S3_FORCE_PATH_STYLE: "true",
      BACKUP_S3_KEEP_LOCAL: "false",
    },
  });
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
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function overview() {
  const answer = await api(server, operator.accessToken, "GET", "/admin/backups");
  expect(answer.status, answer.text).toBe(200);
  expect(answer.text).not.toContain(SECRET);
  return backupsOverviewSchema.parse(answer.data);
}

async function backUpNow(): Promise<BackupRun> {
  const started = await api(server, operator.accessToken, "POST", "/admin/backups");
  expect(started.status, started.text).toBe(202);
  const run = backupRunSchema.parse(started.data);
  return await vi.waitFor(
    async () => {
      const now = (await overview()).runs.find((candidate) => candidate.id === run.id);
      if (!now || now.state === "running") throw new Error("still running");
      return now;
    },
    { timeout: 120_000, interval: 200 },
  );
}

describe(`admin backups in a bucket (${store})`, { timeout: 180_000 }, () => {
  it("backs up into the bucket, lists, downloads and reads the archive from there, and deletes it", async () => {
    const run = await backUpNow();
    expect(run.state, JSON.stringify(run.error)).toBe("succeeded");
    // The bucket instead of the folder: nothing stays in BACKUP_DIR.
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".tar"))).toEqual([]);
    const listed = await overview();
    expect(listed.settings.bucket).toEqual({
      url: "s3://page-backups/console/",
      endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      keepLocal: false,
      error: null,
    });
    const archive = listed.archives.find((item) => item.name === run.archive);
    expect(archive).toMatchObject({ where: "bucket", seal: "valid", store });

    const download = await server.request(`/api/v1/admin/backups/${run.archive}`, {
      headers: { authorization: `Bearer ${operator.accessToken}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/x-tar");
    // The whole archive came back: its manifest is there and sealed under this instance's key.
    const copy = join(scratch, "downloaded.tar");
    writeFileSync(copy, Buffer.from(await download.arrayBuffer()));
    const master = existingMasterKey(undefined, server.dataDir);
    expect((await summarizeArchive(copy, master)).seal).toBe("valid");

    // Restoring a database from it fetches the archive into the folder first.
    const databases = await api<{ databases: unknown[] }>(
      server,
      operator.accessToken,
      "GET",
      `/admin/backups/${run.archive}/databases`,
    );
    expect(databases.status, databases.text).toBe(200);
    expect(databases.data.databases.length).toBeGreaterThanOrEqual(1);
    expect((await overview()).archives.find((item) => item.name === run.archive)?.where).toBe("both");

    const deleted = await api(server, operator.accessToken, "DELETE", `/admin/backups/${run.archive}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await overview()).archives.map((item) => item.name)).not.toContain(run.archive);
    const gone = await api(server, operator.accessToken, "GET", `/admin/backups/${run.archive}`);
    expect([gone.status, gone.error?.code]).toEqual([404, "BACKUP_NOT_FOUND"]);
  });
});
