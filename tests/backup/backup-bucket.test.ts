import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupBucket } from "../../server/backup/backup-bucket.ts";
import type { BackupSource } from "../../server/backup/backup-instance.ts";
import type { BucketSettings } from "../../server/backup/bucket-settings.ts";
import { LazyBucket } from "../../server/backup/lazy-bucket.ts";
import { ServerBackups } from "../../server/backup/server-backups.ts";
import { postgresBackupSource } from "../../server/backup/sources.ts";
import { openStore, type Store } from "../../server/db/store.ts";
import { type MasterKey, masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { recordInstanceAudit } from "../../server/lib/instance-audit.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";
import { instanceEnv, runBackupCli } from "./backup-cli.ts";

// Backups to an S3-compatible bucket, against a real S3 server (s3rver, in this process, on a free
// loopback port, over a fresh folder): the archive goes up by the AWS SDK's multipart upload, comes
// back for `npm run restore`, retention deletes the oldest in the bucket too, and a wrong secret
// fails the run with its code while the instance keeps serving.
const kind = testStoreKind();
const logger = createLogger({ level: "silent" });
const scratch = mkdtempSync(join(tmpdir(), "appconsole-bucket-"));
const dataDir = join(scratch, "data");
const keyBytes = randomBytes(32);
const master: MasterKey = masterKeyFromBytes(keyBytes);
const BUCKET = "console-backups";
const PREFIX = "instance-a/";
let s3: S3rver;
let endpoint = "";
let store: Store;
let source: BackupSource;
let databaseUrl: string | undefined;
const dropLater: Array<() => Promise<void>> = [];
const opened: ServerBackups[] = [];

function settings(accessKeyId = "S3RVER", secretAccessKey = "S3RVER"): BucketSettings {
  return {
    endpoint,
    region: "us-east-1",
    bucket: BUCKET,
    prefix: PREFIX,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
  };
}

function bucketEnv(): Record<string, string> {
  return {
    BACKUP_S3_BUCKET: BUCKET,
    BACKUP_S3_PREFIX: PREFIX,
    BACKUP_S3_ENDPOINT: endpoint,
    BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
    BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
    BACKUP_S3_FORCE_PATH_STYLE: "true",
    SECRETS_MASTER_KEY: keyBytes.toString("base64"),
  };
}

function backupsWith(
  folder: string,
  bucket: BucketSettings,
  options: { keepLocal?: boolean; keep?: number } = {},
): ServerBackups {
  const backups = new ServerBackups(source, master, logger, folder, { keep: options.keep }, store.db, {
    bucket: new LazyBucket(bucket, master),
    keepLocal: options.keepLocal ?? true,
  });
  opened.push(backups);
  return backups;
}

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: join(scratch, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  if (kind === "postgres") {
    const database = await createScratchDatabase("bucket");
    databaseUrl = database.url;
    dropLater.push(database.drop);
  } else await seedPgliteTemplate(dataDir);
  store = await openStore({ dataDir, databaseUrl, logger });
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
}, 180_000);

afterAll(async () => {
  for (const backups of opened) await backups.close(dataDir);
  await store?.close();
  await s3?.close();
  for (const drop of dropLater) await drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`backups in an S3-compatible bucket (${kind})`, { timeout: 300_000 }, () => {
  it("uploads an archive and restores the instance from the bucket", async () => {
    await recordInstanceAudit(store.db, [{ action: "backup.started", actor: null, subject: "marker-before-backup" }]);
    const folder = join(scratch, "upload");
    // The bucket instead of the folder: the local copy goes once the bucket holds the archive.
    const backups = backupsWith(folder, settings(), { keepLocal: false });
    const { run, done } = await backups.backupToFolder("manual");
    const manifest = await done;
    expect(manifest.masterKeyId).toBe(master.id);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tar"))).toEqual([]);
    const { archives, bucketError } = await backups.listArchives();
    expect(bucketError).toBeNull();
    expect(archives).toEqual([
      expect.objectContaining({ name: run.archive.split("/").pop(), where: "bucket", seal: "valid", store: kind }),
    ]);
    const name = archives[0]?.name ?? "";

    // A new instance restored from the bucket by the archive's address, checked as a local archive is.
    const fresh = mkdtempSync(join(scratch, "restored-"));
    let target: string | undefined;
    if (kind === "postgres") {
      const database = await createScratchDatabase("bucketrestore");
      dropLater.push(database.drop);
      target = database.url;
    } else await seedPgliteTemplate(fresh);
    const restore = await runBackupCli("restore", [`s3://${BUCKET}/${PREFIX}${name}`], {
      ...instanceEnv(fresh, target),
      ...bucketEnv(),
      BACKUP_DIR: join(scratch, "restore-work"),
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored the backup");
    // The fetched copy is gone again.
    expect(readdirSync(join(scratch, "restore-work"))).toEqual([]);
    const restored = await openStore({ dataDir: fresh, databaseUrl: target, logger });
    try {
      const rows = await restored.query<{ subject: string }>(
        "SELECT subject FROM instance_audit_events WHERE action = 'backup.started'",
      );
      expect(rows.map((row) => row.subject)).toContain("marker-before-backup");
    } finally {
      await restored.close();
    }
  });

  it("uploads what npm run backup writes (PGlite: through the server's socket), then restores it by name", async () => {
    const bucket = { ...settings(), prefix: "cli/" };
    const env = { ...instanceEnv(dataDir, databaseUrl), ...bucketEnv(), BACKUP_S3_PREFIX: "cli/" };
    if (kind === "pglite") await backupsWith(join(scratch, "cli-server"), bucket).listen(dataDir);
    mkdirSync(join(scratch, "cli"));
    const archive = join(scratch, "cli", "by-command.tar");
    const backup = await runBackupCli("backup", [archive], env);
    expect(backup.code, backup.stderr).toBe(0);
    const listed = await new BackupBucket(bucket, master).list();
    expect(listed).toEqual([expect.objectContaining({ name: "by-command.tar", seal: "valid", store: kind })]);

    // By its name alone: neither the path nor BACKUP_DIR has it, so it comes from the bucket.
    const fresh = mkdtempSync(join(scratch, "restored-by-name-"));
    let target: string | undefined;
    if (kind === "postgres") {
      const database = await createScratchDatabase("bucketbyname");
      dropLater.push(database.drop);
      target = database.url;
    } else await seedPgliteTemplate(fresh);
    const restore = await runBackupCli("restore", ["by-command.tar"], {
      ...env,
      ...instanceEnv(fresh, target),
      BACKUP_DIR: join(scratch, "restore-by-name-work"),
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Fetching s3://console-backups/cli/by-command.tar");
  });

  it("applies retention in the bucket: the oldest archives are deleted", async () => {
    const bucket = { ...settings(), prefix: "retention/" };
    const backups = backupsWith(join(scratch, "retention"), bucket, { keep: 2 });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { run, done } = await backups.backupToFolder("manual");
      await done;
      names.push(run.archive.split("/").pop() ?? "");
    }
    const inBucket = await new BackupBucket(bucket, master).list();
    expect(inBucket.map((item) => item.name).sort()).toEqual(names.slice(1).sort());
    const { archives } = await backups.listArchives();
    expect(archives.map((item) => [item.name, item.where])).toEqual(
      names
        .slice(1)
        .reverse()
        .map((name) => [name, "both"]),
    );
  });

  it("fails a run with wrong credentials with its code, tries it again, and keeps serving", async () => {
    const folder = join(scratch, "denied");
    // s3rver 3.7.1 does not check SigV4 signatures (its authentication.js: "unimplemented"), only
    // the key id: a wrong pair is what it can refuse. AWS answers a wrong secret alone with
    // SignatureDoesNotMatch (403), which is the same code (bucket-error.test.ts).
    const backups = backupsWith(folder, settings("WRONG-KEY-ID", "not-the-secret"));
    const { done } = await backups.backupToFolder("schedule");
    await expect(done).rejects.toMatchObject({ code: "BACKUP_BUCKET_DENIED" });
    const [failed] = await backups.listRuns();
    expect(failed).toMatchObject({ state: "failed", error: { code: "BACKUP_BUCKET_DENIED" }, attempt: 1 });
    expect(failed?.retryAt).not.toBeNull();
    // The words name the bucket and what to check, never the key.
    expect(failed?.error?.message).not.toContain("not-the-secret");
    // The archive stays in the folder: the only copy there is.
    expect(readdirSync(folder).filter((name) => name.endsWith(".tar"))).toHaveLength(1);
    const { bucketError } = await backups.listArchives();
    expect(bucketError?.code).toBe("BACKUP_BUCKET_DENIED");
    // The instance still serves.
    const rows = await store.query<{ one: number }>("SELECT 1 AS one");
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("names a missing bucket and an unreachable endpoint by their codes", async () => {
    await expect(new BackupBucket({ ...settings(), bucket: "no-such-bucket" }, master).list()).rejects.toMatchObject({
      code: "BACKUP_BUCKET_MISSING",
    });
    const closed = { ...settings(), endpoint: "http://127.0.0.1:9" };
    await expect(new BackupBucket(closed, master).list()).rejects.toMatchObject({
      code: "BACKUP_BUCKET_UNREACHABLE",
    });
    expect(existsSync(join(scratch, "s3"))).toBe(true);
  });
});
