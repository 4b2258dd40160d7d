import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every backup run of the server's (Back up now, the schedule, `npm run backup` through the
 * control socket), kept across restarts so a failed or interrupted run is still listed and its
 * retry still made after the server comes back (server/backup/backup-run-log.ts).
 */
export const backupRunsTable = pgTable(
  "backup_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** manual, schedule, cli. */
    trigger: text("trigger").notNull(),
    /** The archive's path as the server wrote it (BACKUP_DIR/backup-….tar, or the path `npm run backup` named). */
    archive: text("archive").notNull(),
    /** running, succeeded, failed. */
    state: text("state").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Refreshed while the run goes on: a running row whose process died stops being refreshed. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    /** The archive's data bytes and managed databases, once it succeeded. */
    bytes: bigint("bytes", { mode: "number" }),
    databases: integer("databases"),
    /** A failed run's stable code (BACKUP_DISK_FULL, BACKUP_INTERRUPTED, …) and the operator's words. */
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** 1 for a first try; a retry counts on from the run it tries again (retry_of). */
    attempt: integer("attempt").notNull().default(1),
    retryOf: bigint("retry_of", { mode: "number" }),
    /** A failed run that will be tried again: when (null: it will not). */
    retryAt: timestamp("retry_at", { withTimezone: true }),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt), index("backup_runs_retry_of_idx").on(t.retryOf)],
);
