import { and, desc, eq, isNotNull, lt, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { backupRunsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";

/** What asked for a backup: an operator in the admin area, the schedule, `npm run backup`, or a start before migrations. */
export type BackupTrigger = "manual" | "schedule" | "cli" | "migrate";

/** One run as the log keeps it (the live progress of a running one is the server's, in memory). */
export interface LoggedRun {
  id: number;
  trigger: BackupTrigger;
  archive: string;
  state: "running" | "succeeded" | "failed";
  startedAt: Date;
  endedAt: Date | null;
  bytes: number | null;
  databases: number | null;
  error: { code: string; message: string } | null;
  attempt: number;
  retryOf: number | null;
  retryAt: Date | null;
}

export interface RunStart {
  trigger: BackupTrigger;
  archive: string;
  attempt: number;
  retryOf: number | null;
}

export type RunEnd =
  | { state: "succeeded"; bytes: number; databases: number }
  | { state: "failed"; error: { code: string; message: string }; retryAt: Date | null };

/**
 * Where the server's backup runs are listed: the control store (backup_runs), so they outlive a
 * restart, or memory for a ServerBackups without a store (tests of the archive alone).
 */
export interface BackupRunLog {
  begin(start: RunStart): Promise<LoggedRun>;
  end(id: number, end: RunEnd): Promise<void>;
  /** Says the run's process is alive (see interruptStale). */
  heartbeat(id: number): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<LoggedRun[]>;
  /** The newest failed run with a retry planned that no run has tried again yet. */
  pendingRetry(): Promise<LoggedRun | null>;
  /** The newest run of the schedule, to tell whether a scheduled time passed while the server was down. */
  lastScheduled(): Promise<LoggedRun | null>;
  /**
   * Marks as failed (BACKUP_INTERRUPTED) the running runs whose process stopped: those not
   * refreshed since `staleBefore`. A scheduled one of `retryUpTo` tries or fewer gets a retry now.
   */
  interruptStale(staleBefore: Date, retryUpTo: number): Promise<number>;
}

const INTERRUPTED = "The server stopped while this backup was running; its archive was not completed.";

type Row = typeof backupRunsTable.$inferSelect;

function fromRow(row: Row): LoggedRun {
  return {
    id: row.id,
    trigger: row.trigger as BackupTrigger,
    archive: row.archive,
    state: row.state as LoggedRun["state"],
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    bytes: row.bytes,
    databases: row.databases,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    attempt: row.attempt,
    retryOf: row.retryOf,
    retryAt: row.retryAt,
  };
}

export class StoreRunLog implements BackupRunLog {
  constructor(private readonly db: Db) {}

  async begin(start: RunStart): Promise<LoggedRun> {
    const [row] = await this.db
      .insert(backupRunsTable)
      .values({ ...start, state: "running" })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return fromRow(row);
  }

  async end(id: number, end: RunEnd): Promise<void> {
    const now = new Date();
    await this.db
      .update(backupRunsTable)
      .set(
        end.state === "succeeded"
          ? { state: end.state, endedAt: now, heartbeatAt: now, bytes: end.bytes, databases: end.databases }
          : {
              state: end.state,
              endedAt: now,
              heartbeatAt: now,
              errorCode: end.error.code,
              errorMessage: end.error.message,
              retryAt: end.retryAt,
            },
      )
      .where(eq(backupRunsTable.id, id));
  }

  async heartbeat(id: number): Promise<void> {
    await this.db
      .update(backupRunsTable)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(backupRunsTable.id, id), eq(backupRunsTable.state, "running")));
  }

  async list(limit: number): Promise<LoggedRun[]> {
    const rows = await this.db.select().from(backupRunsTable).orderBy(desc(backupRunsTable.id)).limit(limit);
    return rows.map(fromRow);
  }

  async pendingRetry(): Promise<LoggedRun | null> {
    const retry = alias(backupRunsTable, "retry");
    const [row] = await this.db
      .select()
      .from(backupRunsTable)
      .where(
        and(
          eq(backupRunsTable.state, "failed"),
          isNotNull(backupRunsTable.retryAt),
          notExists(this.db.select({ one: sql`1` }).from(retry).where(eq(retry.retryOf, backupRunsTable.id))),
        ),
      )
      .orderBy(desc(backupRunsTable.id))
      .limit(1);
    return row ? fromRow(row) : null;
  }

  async lastScheduled(): Promise<LoggedRun | null> {
    const [row] = await this.db
      .select()
      .from(backupRunsTable)
      .where(eq(backupRunsTable.trigger, "schedule"))
      .orderBy(desc(backupRunsTable.id))
      .limit(1);
    return row ? fromRow(row) : null;
  }

  async interruptStale(staleBefore: Date, retryUpTo: number): Promise<number> {
    const now = new Date();
    const stopped = await this.db
      .update(backupRunsTable)
      .set({
        state: "failed",
        endedAt: now,
        errorCode: "BACKUP_INTERRUPTED",
        errorMessage: INTERRUPTED,
        retryAt: sql`CASE WHEN ${backupRunsTable.trigger} = 'schedule' AND ${backupRunsTable.attempt} <= ${retryUpTo} THEN ${now.toISOString()}::timestamptz END`,
      })
      .where(and(eq(backupRunsTable.state, "running"), lt(backupRunsTable.heartbeatAt, staleBefore)))
      .returning({ id: backupRunsTable.id });
    return stopped.length;
  }
}

/** The log of a ServerBackups without a store: this process's runs only, the last `kept`. */
export class MemoryRunLog implements BackupRunLog {
  private readonly runs: LoggedRun[] = [];
  private nextId = 1;

  constructor(private readonly kept = 20) {}

  async begin(start: RunStart): Promise<LoggedRun> {
    const run: LoggedRun = {
      ...start,
      id: this.nextId++,
      state: "running",
      startedAt: new Date(),
      endedAt: null,
      bytes: null,
      databases: null,
      error: null,
      retryAt: null,
    };
    this.runs.unshift(run);
    this.runs.splice(this.kept);
    return { ...run };
  }

  async end(id: number, end: RunEnd): Promise<void> {
    const run = this.runs.find((candidate) => candidate.id === id);
    if (!run) return;
    run.state = end.state;
    run.endedAt = new Date();
    if (end.state === "succeeded") Object.assign(run, { bytes: end.bytes, databases: end.databases });
    else Object.assign(run, { error: end.error, retryAt: end.retryAt });
  }

  async heartbeat(): Promise<void> {}

  async list(limit: number): Promise<LoggedRun[]> {
    return this.runs.slice(0, limit).map((run) => ({ ...run }));
  }

  async pendingRetry(): Promise<LoggedRun | null> {
    const retried = new Set(this.runs.map((run) => run.retryOf));
    return this.runs.find((run) => run.state === "failed" && run.retryAt && !retried.has(run.id)) ?? null;
  }

  async lastScheduled(): Promise<LoggedRun | null> {
    return this.runs.find((run) => run.trigger === "schedule") ?? null;
  }

  async interruptStale(): Promise<number> {
    // Memory dies with its process: nothing of another process's is here.
    return 0;
  }
}
