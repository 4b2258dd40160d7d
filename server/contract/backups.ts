import { z } from "zod";
import { databaseNameSchema } from "./databases.ts";

/** An archive in BACKUP_DIR as the admin area lists it (`GET /admin/backups`). */
export const backupArchiveSchema = z.object({
  name: z.string(),
  bytes: z.number(),
  createdAt: z.string(),
  /** The store kind its manifest names; null when it has no readable manifest. */
  store: z.enum(["pglite", "postgres"]).nullable(),
  databases: z.number().nullable(),
  /**
   * valid: its manifest is sealed under this instance's master key (a restore still checks every
   * file); invalid: another key's, or altered; missing: no manifest and seal at its end (cut short).
   */
  seal: z.enum(["valid", "invalid", "missing"]),
  /** In BACKUP_DIR, in the S3 bucket (BACKUP_S3_BUCKET), or in both. */
  where: z.enum(["folder", "bucket", "both"]),
});
export type BackupArchive = z.infer<typeof backupArchiveSchema>;

/** One backup run of the server's (kept in the control store across restarts), running or ended. */
export const backupRunSchema = z.object({
  id: z.number(),
  trigger: z.enum(["manual", "schedule", "cli", "migrate"]),
  /** The archive's file name in BACKUP_DIR (a path elsewhere: its last segment). */
  archive: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  state: z.enum(["running", "succeeded", "failed"]),
  progress: z.object({ bytes: z.number(), databasesDone: z.number(), databasesTotal: z.number() }),
  /** The archive's data bytes and managed databases, once it succeeded. */
  bytes: z.number().nullable(),
  databases: z.number().nullable(),
  /** A failed run's code (BACKUP_DISK_FULL, BACKUP_INTERRUPTED, …) and the server's words. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** 1 for a first try; a retry names the run it tries again. */
  attempt: z.number(),
  retryOf: z.number().nullable(),
  /** A failed scheduled run that will be tried again: when. */
  retryAt: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupsOverviewSchema = z.object({
  archives: z.array(backupArchiveSchema),
  runs: z.array(backupRunSchema),
  settings: z.object({
    /** BACKUP_DIR as the server resolved it. */
    dir: z.string(),
    /** BACKUP_SCHEDULE as set (`off` without one) and when it runs next. */
    schedule: z.string(),
    nextRunAt: z.string().nullable(),
    keep: z.number().nullable(),
    keepDays: z.number().nullable(),
    store: z.enum(["pglite", "postgres"]),
    /** The S3 bucket backups go to as well (never a key), and why it could not be listed. */
    bucket: z
      .object({
        /** `s3://bucket/prefix`: an archive's address is this and its name. */
        url: z.string(),
        /** BACKUP_S3_ENDPOINT; null: AWS. */
        endpoint: z.string().nullable(),
        keepLocal: z.boolean(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      })
      .nullable(),
  }),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

/** A managed database an archive holds (`GET /admin/backups/{name}/databases`). */
export const archivedDatabaseSchema = z.object({
  /** Its storage name (`ud_…`), which the restore names. */
  location: z.string(),
  bytes: z.number(),
  /** Its name at the backup; null when the archive does not say and the database is gone. */
  name: z.string().nullable(),
  /** Whose it was (the restore gives the new database to the same owner); null when unknown. */
  owner: z.object({ type: z.enum(["user", "team"]), id: z.string(), label: z.string().nullable() }).nullable(),
  /** Its name in this instance when it still exists (the restore never writes over it). */
  liveName: z.string().nullable(),
});
export type ArchivedDatabase = z.infer<typeof archivedDatabaseSchema>;

export const archiveDatabasesSchema = z.object({
  archive: z.string(),
  createdAt: z.string(),
  databases: z.array(archivedDatabaseSchema),
});
export type ArchiveDatabases = z.infer<typeof archiveDatabasesSchema>;

/** `POST /admin/backups/{name}/restore-database`: one database of the archive into a new one by `name`. */
export const restoreArchivedDatabaseSchema = z.strictObject({
  location: z.string().regex(/^ud_[0-9a-f]+$/, "not a managed database of an archive"),
  name: databaseNameSchema,
});
export type RestoreArchivedDatabase = z.infer<typeof restoreArchivedDatabaseSchema>;
