import { join } from "node:path";
import type { Config } from "../config.ts";
import type { StoreOptions } from "../db/store.ts";
import type { Logger } from "../lib/logger.ts";
import { BackupFolder } from "./backup-folder.ts";
import { archiveName, backupInstance } from "./backup-instance.ts";
import { bucketTargetFrom } from "./lazy-bucket.ts";
import { existingMasterKey } from "./master-key.ts";
import { postgresBackupSource, stoppedPgliteSource } from "./sources.ts";

/**
 * BACKUP_BEFORE_MIGRATE: the store's hook that backs the instance up into BACKUP_DIR before a
 * start applies pending migrations. PGlite: the store is open (copied while quiet), the managed
 * databases are not opened yet (their files are still); PostgreSQL: pg_dump as `npm run backup`.
 * A failed backup stops the start: the operator asked for one before any migration.
 */
export function backupBeforeMigrate(config: Config, logger: Logger): NonNullable<StoreOptions["beforeMigrate"]> {
  return async (store) => {
    const master = existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR);
    const folder = new BackupFolder(config.BACKUP_DIR, master);
    await folder.ensureWritable();
    const path = join(folder.dir, archiveName());
    let source = config.DATABASE_URL ? postgresBackupSource(config.DATABASE_URL) : stoppedPgliteSource(config.DATA_DIR);
    if (source.kind === "pglite" && store.whileQuiet) source = { ...source, withQuietStore: store.whileQuiet };
    logger.info({ archive: path }, "pending migrations: backing up first (BACKUP_BEFORE_MIGRATE)");
    const started = performance.now();
    await backupInstance(source, master, path);
    logger.info({ archive: path, ms: Math.round(performance.now() - started) }, "backup before migrations written");
    // Uploaded too when a bucket is set; a failed upload does not stop the start: the archive is on disk.
    const target = bucketTargetFrom(config, master);
    if (!target) return;
    try {
      await target.bucket.uploadArchive(path, target.keepLocal);
    } catch (error) {
      logger.error({ err: error, archive: path }, "the backup before migrations stays local: its upload failed");
    } finally {
      target.bucket.close();
    }
  };
}
