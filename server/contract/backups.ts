import { z } from "zod";

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
  }),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;
