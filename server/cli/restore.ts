// `npm run restore <archive.tar>`: an instance archive into an empty DATA_DIR (PGlite) or an empty
// PostgreSQL database (DATABASE_URL), with the master key the backup was made under
// (SECRETS_MASTER_KEY or DATA_DIR/master.key). The whole archive is checked before anything is written.
// The archive may be in the S3 bucket (BACKUP_S3_*): `s3://bucket/key`, or an archive's name that
// BACKUP_DIR does not hold; it is fetched into BACKUP_DIR first and checked there as any other.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { BackupBucket } from "../backup/backup-bucket.ts";
import { BackupError } from "../backup/backup-error.ts";
import { ARCHIVE_FILE } from "../backup/backup-folder.ts";
import { bucketSettingsFrom } from "../backup/bucket-settings.ts";
import { existingMasterKey } from "../backup/master-key.ts";
import { restoreInstance } from "../backup/restore-instance.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import type { MasterKey } from "../lib/envelope.ts";
import { createLogger } from "../lib/logger.ts";

/** Where in a bucket the argument names an archive, or null when it is a local file. */
function bucketArchive(argument: string, config: Config): { bucket: string; prefix: string; name: string } | null {
  const url = /^s3:\/\/([^/]+)\/(.+)$/.exec(argument);
  if (url) {
    const key = url[2] ?? "";
    const slash = key.lastIndexOf("/");
    return { bucket: url[1] ?? "", prefix: key.slice(0, slash + 1), name: key.slice(slash + 1) };
  }
  const local = resolve(argument);
  if (existsSync(local) || existsSync(join(config.BACKUP_DIR, argument)) || !config.BACKUP_S3_BUCKET) return null;
  if (!ARCHIVE_FILE.test(argument)) return null;
  return { bucket: config.BACKUP_S3_BUCKET, prefix: config.BACKUP_S3_PREFIX, name: argument };
}

/** Fetches an archive from the bucket into a folder of its own in BACKUP_DIR; answers its path and the clean-up. */
async function fetchArchive(
  where: { bucket: string; prefix: string; name: string },
  config: Config,
  master: MasterKey,
): Promise<{ path: string; discard: () => Promise<void> }> {
  const settings = bucketSettingsFrom({ ...config, BACKUP_S3_BUCKET: where.bucket, BACKUP_S3_PREFIX: where.prefix });
  if (!settings) throw new BackupError("ARCHIVE_NOT_A_BACKUP", "No bucket is configured.");
  const bucket = new BackupBucket(settings, master);
  await mkdir(config.BACKUP_DIR, { recursive: true, mode: 0o700 });
  const folder = await mkdtemp(join(resolve(config.BACKUP_DIR), ".restore-"));
  const path = join(folder, basename(where.name));
  try {
    console.log(`Fetching s3://${where.bucket}/${where.prefix}${where.name} …`);
    await bucket.download(where.name, path);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    bucket.close();
  }
  return { path, discard: () => rm(folder, { recursive: true, force: true }) };
}

async function main(): Promise<number> {
  const argument = process.argv[2];
  if (!argument) {
    console.error("Usage: npm run restore -- <archive.tar | s3://bucket/key | archive name in the bucket>");
    return 2;
  }
  const config = loadConfig();
  const master = existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR);
  const where = bucketArchive(argument, config);
  const fetched = where ? await fetchArchive(where, config, master) : null;
  const localPath = existsSync(resolve(argument)) ? resolve(argument) : resolve(config.BACKUP_DIR, argument);
  const manifest = await restoreInstance(fetched?.path ?? localPath, master, {
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger: createLogger({ level: "warn" }),
  }).finally(() => fetched?.discard());
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, schema ${manifest.schema.tag}, ` +
      `${manifest.databases.length} managed database(s)) into ${config.DATABASE_URL ? "DATABASE_URL" : config.DATA_DIR}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`Restore refused: ${error.message}`);
      process.exit(1);
    }
    console.error("Restore failed:", error);
    process.exit(1);
  },
);
