// `npm run backup [-- <file.tar | folder>]`: one archive of the whole instance (docs/operations.md).
//
// On PostgreSQL the command dumps the store and every managed database itself (pg_dump). On PGlite
// a running server holds the files open, so the command asks it over DATA_DIR/control.sock; with
// no server running it copies the still files itself.
import { mkdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { BackupError } from "../backup/backup-error.ts";
import { archiveName, backupInstance } from "../backup/backup-instance.ts";
import { askServer } from "../backup/control-socket.ts";
import { bucketTargetFrom } from "../backup/lazy-bucket.ts";
import { existingMasterKey } from "../backup/master-key.ts";
import { recordOffline } from "../backup/offline-audit.ts";
import { postgresBackupSource, stoppedPgliteSource } from "../backup/sources.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createLogger } from "../lib/logger.ts";

function archivePath(argument: string | undefined, backupDir: string): string {
  if (argument?.endsWith(".tar")) return resolve(argument);
  const folder = resolve(argument ?? backupDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return join(folder, archiveName());
}

async function main(): Promise<number> {
  const config = loadConfig();
  const out = archivePath(process.argv[2], config.BACKUP_DIR);
  let summary: { bytes: number; files: number; databases: number };
  // A running PGlite server records its own backups; a backup taken here is recorded here.
  let recordHere = true;
  if (config.DATABASE_URL) {
    const master = existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR);
    const manifest = await backupInstance(postgresBackupSource(config.DATABASE_URL), master, out);
    summary = {
      bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
      files: manifest.files.length,
      databases: manifest.databases.length,
    };
  } else {
    const answer = await askServer(config.DATA_DIR, { op: "backup", path: out });
    if (answer && !answer.ok) throw new BackupError(answer.code as never, answer.message);
    if (answer?.ok && answer.archive) {
      summary = answer.archive;
      recordHere = false;
    } else {
      const master = existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR);
      const manifest = await backupInstance(stoppedPgliteSource(config.DATA_DIR), master, out);
      summary = {
        bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
        files: manifest.files.length,
        databases: manifest.databases.length,
      };
    }
  }
  // The server uploads its own archives (PGlite through the socket); one written here is uploaded here.
  const target = recordHere
    ? bucketTargetFrom(config, existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR))
    : null;
  let uploaded = "";
  if (target) {
    try {
      await target.bucket.uploadArchive(out, target.keepLocal);
      uploaded = ` Uploaded to ${target.bucket.url()}${basename(out)}${target.keepLocal ? "" : " (removed here)"}.`;
    } finally {
      target.bucket.close();
    }
  }
  if (recordHere) {
    await recordOffline(
      { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger: createLogger({ level: "warn" }) },
      { action: "backup.created", actor: null, subject: out, detail: { trigger: "cli", ...summary } },
    );
  }
  console.log(
    `Wrote ${out} (${(summary.bytes / 1048576).toFixed(1)} MiB of data; the store and ${summary.databases} managed database(s), ${summary.files} files).${uploaded}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`Backup failed: ${error.message}`);
      process.exit(1);
    }
    console.error("Backup failed:", error);
    process.exit(1);
  },
);
