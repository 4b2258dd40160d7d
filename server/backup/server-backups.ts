import type { Server } from "node:net";
import { isAbsolute, join } from "node:path";
import type { Db } from "../db/store.ts";
import type { MasterKey } from "../lib/envelope.ts";
import { recordInstanceAudit } from "../lib/instance-audit.ts";
import type { Logger } from "../lib/logger.ts";
import { BackupError } from "./backup-error.ts";
import { BackupFolder } from "./backup-folder.ts";
import { archiveName, type BackupProgress, type BackupSource, backupInstance } from "./backup-instance.ts";
import { type BackupSchedule, nextBackupAt } from "./backup-schedule.ts";
import { type ControlRequest, type ControlResponse, closeControlSocket, startControlSocket } from "./control-socket.ts";
import type { Manifest } from "./manifest.ts";

/** What asked for a backup: an operator in the admin area, the schedule, `npm run backup`, or a start before migrations. */
export type BackupTrigger = "manual" | "schedule" | "cli" | "migrate";

/** One backup of this server's, running or ended (kept in memory: the last RUNS_KEPT since the start). */
export interface BackupRun {
  id: number;
  trigger: BackupTrigger;
  archive: string;
  startedAt: string;
  endedAt: string | null;
  state: "running" | "succeeded" | "failed";
  progress: BackupProgress;
  /** A failed run's stable code (BACKUP_DISK_FULL, PG_TOOL_FAILED, …) and the operator's words. */
  error: { code: string; message: string } | null;
  /** A failed scheduled run is tried again; this is its try (1 first). */
  attempt: number;
}

export interface BackupRetention {
  keep?: number;
  keepDays?: number;
}

const RUNS_KEPT = 20;
/** A failed scheduled backup is tried again this many times, RETRY_MS apart, before the next scheduled time. */
const RETRIES = 2;
const RETRY_MS = 5 * 60_000;
/** setTimeout holds at most about 24.8 days; a later time is reached by waking up on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The server's side of backups, one at a time: from the CLI (control socket), the admin area
 * ("Back up now", in the background with progress), the schedule (with retries and retention),
 * and a start before migrations. Every run is listed with its result; a failed one is logged as an
 * error and shown to operators.
 */
export class ServerBackups {
  readonly folder: BackupFolder;
  private running: Promise<Manifest> | null = null;
  private socket: Server | null = null;
  private readonly runs: BackupRun[] = [];
  private nextRunId = 1;
  private timer: NodeJS.Timeout | null = null;
  private nextAt: Date | null = null;
  private closed = false;

  constructor(
    private readonly source: BackupSource,
    private readonly master: MasterKey,
    private readonly logger: Logger,
    backupDir: string,
    private readonly retention: BackupRetention = {},
    /** Where backups are recorded (the instance audit log); none in tests of the archive alone. */
    private readonly auditDb: Db | null = null,
  ) {
    this.folder = new BackupFolder(backupDir, master);
  }

  /** A backup's outcome in the instance audit log: the archive's path and size, never its content. */
  private async record(action: "backup.created" | "backup.failed", archive: string, detail: Record<string, unknown>) {
    if (!this.auditDb) return;
    try {
      await recordInstanceAudit(this.auditDb, [{ action, actor: null, subject: archive, detail }]);
    } catch (error) {
      this.logger.error({ err: error, action }, "audit log write failed");
    }
  }

  /** Writes an archive to `archivePath`; refuses while another backup of this server runs. */
  async backup(archivePath: string, trigger: BackupTrigger = "cli", attempt = 1): Promise<Manifest> {
    if (this.running) throw new BackupError("BACKUP_RUNNING", "A backup of this instance is already running.");
    const run: BackupRun = {
      id: this.nextRunId++,
      trigger,
      archive: archivePath,
      startedAt: new Date().toISOString(),
      endedAt: null,
      state: "running",
      progress: { bytes: 0, databasesDone: 0, databasesTotal: 0 },
      error: null,
      attempt,
    };
    this.runs.unshift(run);
    this.runs.splice(RUNS_KEPT);
    const started = performance.now();
    this.running = backupInstance(this.source, this.master, archivePath, (progress) => {
      run.progress = progress;
    });
    try {
      const manifest = await this.running;
      run.state = "succeeded";
      this.logger.info(
        { archive: archivePath, trigger, files: manifest.files.length, ms: Math.round(performance.now() - started) },
        "backup written",
      );
      await this.record("backup.created", archivePath, {
        trigger,
        files: manifest.files.length,
        databases: manifest.databases.length,
        bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      });
      return manifest;
    } catch (error) {
      run.state = "failed";
      run.error = {
        code: error instanceof BackupError ? error.code : "BACKUP_FAILED",
        message: (error as Error).message,
      };
      this.logger.error({ err: error, archive: archivePath, trigger, attempt }, "backup failed");
      await this.record("backup.failed", archivePath, {
        trigger,
        code: error instanceof BackupError ? error.code : "BACKUP_FAILED",
      });
      throw error;
    } finally {
      run.endedAt = new Date().toISOString();
      this.running = null;
    }
  }

  /**
   * A backup into BACKUP_DIR, then the retention rules applied; the folder is checked first, so an
   * unwritable one is refused at once with its code (and no run). Answers the run (a copy) and its end.
   */
  async backupToFolder(trigger: BackupTrigger, attempt = 1): Promise<{ run: BackupRun; done: Promise<Manifest> }> {
    if (this.running) throw new BackupError("BACKUP_RUNNING", "A backup of this instance is already running.");
    await this.folder.ensureWritable();
    // backup() lists its run before its first await, so runs[0] is this one.
    const done = this.backup(join(this.folder.dir, archiveName()), trigger, attempt).then(async (manifest) => {
      await this.applyRetention();
      return manifest;
    });
    const run = this.listRuns()[0];
    if (!run) throw new Error("a started backup without its run");
    return { run, done };
  }

  /**
   * "Back up now": starts a backup into BACKUP_DIR and answers its run at once (it goes on in the
   * background; its end is in listRuns()). Refused while one runs or when the folder is not writable.
   */
  async start(trigger: BackupTrigger): Promise<BackupRun> {
    const { run, done } = await this.backupToFolder(trigger);
    // Its failure is recorded in its run and logged by backup().
    done.catch(() => undefined);
    return run;
  }

  /** The runs since the start, newest first (copies: the caller may not change them). */
  listRuns(): BackupRun[] {
    return this.runs.map((run) => ({ ...run, progress: { ...run.progress } }));
  }

  /** When the schedule runs next, or null without one. */
  nextScheduled(): Date | null {
    return this.nextAt;
  }

  /** Runs backups at the schedule's times (with retries and retention) until close(). */
  schedule(schedule: BackupSchedule | null, now = new Date()): void {
    if (!schedule) return;
    const arm = (at: Date) => {
      if (this.closed) return;
      this.nextAt = at;
      const wait = Math.max(0, at.getTime() - Date.now());
      this.timer = setTimeout(
        () => {
          if (Date.now() < at.getTime()) arm(at);
          else void fire(1).finally(() => arm(nextBackupAt(schedule, new Date())));
        },
        Math.min(wait, MAX_TIMER_MS),
      );
      this.timer.unref();
    };
    const fire = async (attempt: number): Promise<void> => {
      let started = false;
      try {
        const { done } = await this.backupToFolder("schedule", attempt);
        started = true;
        await done;
      } catch (error) {
        // A scheduled time while another backup runs is that backup: not a failure of the schedule.
        if (error instanceof BackupError && error.code === "BACKUP_RUNNING") return;
        // Refused before a run began (the folder): listed too, so the failure is seen.
        if (!started) this.recordRefusal(error, attempt);
        if (attempt > RETRIES || this.closed) return;
        await new Promise<void>((resolve) => {
          this.timer = setTimeout(resolve, RETRY_MS);
          this.timer.unref();
        });
        if (!this.closed) await fire(attempt + 1);
      }
    };
    arm(nextBackupAt(schedule, now));
  }

  private recordRefusal(error: unknown, attempt: number): void {
    const now = new Date().toISOString();
    this.runs.unshift({
      id: this.nextRunId++,
      trigger: "schedule",
      archive: this.folder.dir,
      startedAt: now,
      endedAt: now,
      state: "failed",
      progress: { bytes: 0, databasesDone: 0, databasesTotal: 0 },
      error: {
        code: error instanceof BackupError ? error.code : "BACKUP_FAILED",
        message: (error as Error).message,
      },
      attempt,
    });
    this.runs.splice(RUNS_KEPT);
    this.logger.error({ err: error, attempt }, "scheduled backup refused");
  }

  private async applyRetention(): Promise<void> {
    if (this.retention.keep === undefined && this.retention.keepDays === undefined) return;
    try {
      const removed = await this.folder.prune(this.retention);
      if (removed.length > 0) this.logger.info({ removed }, "old backups deleted (BACKUP_KEEP, BACKUP_KEEP_DAYS)");
    } catch (error) {
      this.logger.error({ err: error }, "could not delete old backups");
    }
  }

  /** Serves `npm run backup` on DATA_DIR/control.sock (PGlite: only this process can copy its files). */
  async listen(dataDir: string): Promise<void> {
    this.socket = await startControlSocket(dataDir, (request) => this.answer(request), this.logger);
  }

  async close(dataDir: string): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await closeControlSocket(this.socket, dataDir);
    this.socket = null;
    // Only waited for: backup() logged its failure already.
    await this.running?.catch(() => undefined);
  }

  private async answer(request: ControlRequest): Promise<ControlResponse> {
    if (request.op === "ping") return { ok: true };
    if (request.op !== "backup" || typeof request.path !== "string" || !isAbsolute(request.path)) {
      return { ok: false, code: "BAD_REQUEST", message: "expected {op: 'backup', path: <absolute path>}" };
    }
    try {
      const manifest = await this.backup(request.path, "cli");
      return {
        ok: true,
        archive: {
          path: request.path,
          bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
          files: manifest.files.length,
          databases: manifest.databases.length,
        },
      };
    } catch (error) {
      const code = error instanceof BackupError ? error.code : "BACKUP_FAILED";
      return { ok: false, code, message: (error as Error).message };
    }
  }
}
