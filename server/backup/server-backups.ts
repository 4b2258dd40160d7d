import { rename, rm, stat } from "node:fs/promises";
import type { Server } from "node:net";
import { isAbsolute, join } from "node:path";
import type { Db } from "../db/store.ts";
import type { MasterKey } from "../lib/envelope.ts";
import { recordInstanceAudit } from "../lib/instance-audit.ts";
import type { Logger } from "../lib/logger.ts";
import { BackupError } from "./backup-error.ts";
import { BackupFolder, type ListedArchive } from "./backup-folder.ts";
import { archiveName, type BackupProgress, type BackupSource, backupInstance } from "./backup-instance.ts";
import { type BackupRunLog, type BackupTrigger, type LoggedRun, MemoryRunLog, StoreRunLog } from "./backup-run-log.ts";
import { type BackupSchedule, nextBackupAt } from "./backup-schedule.ts";
import { type ControlRequest, type ControlResponse, closeControlSocket, startControlSocket } from "./control-socket.ts";
import type { LazyBucket } from "./lazy-bucket.ts";
import type { Manifest } from "./manifest.ts";

export type { BackupTrigger } from "./backup-run-log.ts";

/** One backup of this server's, running or ended, as listed: from the run log, with a running one's progress. */
export interface BackupRun {
  id: number;
  trigger: BackupTrigger;
  archive: string;
  startedAt: string;
  endedAt: string | null;
  state: "running" | "succeeded" | "failed";
  progress: BackupProgress;
  /** The archive's data bytes and managed databases, once it succeeded. */
  bytes: number | null;
  databases: number | null;
  /** A failed run's stable code (BACKUP_DISK_FULL, BACKUP_INTERRUPTED, PG_TOOL_FAILED, …) and the operator's words. */
  error: { code: string; message: string } | null;
  /** A failed scheduled run is tried again: this is its try (1 first), the run it tries again, and when the next try is. */
  attempt: number;
  retryOf: number | null;
  retryAt: string | null;
}

/** An archive as the admin area lists it: in BACKUP_DIR, in the bucket, or in both. */
export interface PlacedArchive extends ListedArchive {
  where: "folder" | "bucket" | "both";
}

/** The bucket backups go to as well, and whether BACKUP_DIR keeps its copy (BACKUP_S3_KEEP_LOCAL). */
export interface BucketTarget {
  bucket: LazyBucket;
  keepLocal: boolean;
}

export interface BackupRetention {
  keep?: number;
  keepDays?: number;
}

const RUNS_LISTED = 50;
/** A failed scheduled backup is tried again this many times, RETRY_MS apart, before the next scheduled time. */
const RETRIES = 2;
const RETRY_MS = 5 * 60_000;
/** A running run refreshes its row this often; one not refreshed for STALE_MS lost its process (PostgreSQL). */
const HEARTBEAT_MS = 30_000;
const STALE_MS = 3 * 60_000;
/** setTimeout holds at most about 24.8 days; a later time is reached by waking up on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function errorOf(error: unknown): { code: string; message: string } {
  return {
    code: error instanceof BackupError ? error.code : "BACKUP_FAILED",
    message: (error as Error).message,
  };
}

function listed(run: LoggedRun, progress: BackupProgress | null): BackupRun {
  return {
    id: run.id,
    trigger: run.trigger,
    archive: run.archive,
    startedAt: run.startedAt.toISOString(),
    endedAt: run.endedAt?.toISOString() ?? null,
    state: run.state,
    progress: progress ?? {
      bytes: run.bytes ?? 0,
      databasesDone: run.databases ?? 0,
      databasesTotal: run.databases ?? 0,
    },
    bytes: run.bytes,
    databases: run.databases,
    error: run.error,
    attempt: run.attempt,
    retryOf: run.retryOf,
    retryAt: run.retryAt?.toISOString() ?? null,
  };
}

/**
 * The server's side of backups, one at a time: from the CLI (control socket), the admin area
 * ("Back up now", in the background with progress), the schedule (with retries and retention),
 * and a start before migrations. Every run is kept in the run log (the control store's
 * backup_runs) with its result; a failed one is logged as an error, shown to operators, and a
 * scheduled one is tried again, after a restart too.
 */
export class ServerBackups {
  readonly folder: BackupFolder;
  private readonly log: BackupRunLog;
  /** Set from the moment a backup is asked for until it ended: one at a time. */
  private busy = false;
  private running: Promise<Manifest> | null = null;
  /** The running run of this process and its progress (the log has no progress). */
  private live: { id: number; progress: BackupProgress } | null = null;
  private socket: Server | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private nextAt: Date | null = null;
  private closed = false;

  constructor(
    private readonly source: BackupSource,
    private readonly master: MasterKey,
    private readonly logger: Logger,
    backupDir: string,
    private readonly retention: BackupRetention = {},
    /** The control store: backups are recorded in its audit log and run log; none in tests of the archive alone. */
    private readonly auditDb: Db | null = null,
    /** BACKUP_S3_*: every archive is uploaded there too, and retention applies there as well. */
    readonly target: BucketTarget | null = null,
  ) {
    this.folder = new BackupFolder(backupDir, master);
    this.log = auditDb ? new StoreRunLog(auditDb) : new MemoryRunLog();
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

  private refuseWhileBusy(): void {
    if (this.busy) throw new BackupError("BACKUP_RUNNING", "A backup of this instance is already running.");
  }

  /** A failed scheduled try of RETRIES or fewer is tried again RETRY_MS later. */
  private retryAtFor(trigger: BackupTrigger, attempt: number): Date | null {
    return trigger === "schedule" && attempt <= RETRIES && !this.closed ? new Date(Date.now() + RETRY_MS) : null;
  }

  /**
   * Lists a run, then writes its archive to `archivePath` in the background; refuses while another
   * backup of this server runs. Answers the run (as listed at its start) and its end.
   */
  private async launch(
    archivePath: string,
    trigger: BackupTrigger,
    attempt: number,
    retryOf: number | null,
    /** Runs once the archive is in place, before the run is logged as succeeded (never throws). */
    afterWrite?: () => Promise<void>,
  ): Promise<{ run: BackupRun; done: Promise<Manifest> }> {
    this.refuseWhileBusy();
    this.busy = true;
    let logged: LoggedRun;
    try {
      logged = await this.log.begin({ trigger, archive: archivePath, attempt, retryOf });
    } catch (error) {
      this.busy = false;
      throw error;
    }
    const live = { id: logged.id, progress: { bytes: 0, databasesDone: 0, databasesTotal: 0 } };
    this.live = live;
    // PGlite is one process: its runs need no sign of life (a start marks every running one interrupted).
    const heartbeat =
      this.source.kind === "postgres"
        ? setInterval(() => {
            void this.log
              .heartbeat(logged.id)
              .catch((err: unknown) => this.logger.warn({ err }, "backup heartbeat failed"));
          }, HEARTBEAT_MS)
        : null;
    heartbeat?.unref();
    const started = performance.now();
    const done = (async () => {
      try {
        const manifest = await backupInstance(this.source, this.master, archivePath, (progress) => {
          live.progress = progress;
        });
        // A run succeeds once its archive is where the operator keeps it: a failed upload fails it.
        if (this.target) await this.target.bucket.uploadArchive(archivePath, this.target.keepLocal);
        await afterWrite?.();
        const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
        await this.log
          .end(logged.id, { state: "succeeded", bytes, databases: manifest.databases.length })
          .catch((err: unknown) => this.logger.error({ err }, "backup run log write failed"));
        this.logger.info(
          { archive: archivePath, trigger, files: manifest.files.length, ms: Math.round(performance.now() - started) },
          "backup written",
        );
        await this.record("backup.created", archivePath, {
          trigger,
          files: manifest.files.length,
          databases: manifest.databases.length,
          bytes,
        });
        return manifest;
      } catch (error) {
        const failure = errorOf(error);
        await this.log
          .end(logged.id, { state: "failed", error: failure, retryAt: this.retryAtFor(trigger, attempt) })
          .catch((err: unknown) => this.logger.error({ err }, "backup run log write failed"));
        this.logger.error({ err: error, archive: archivePath, trigger, attempt }, "backup failed");
        await this.record("backup.failed", archivePath, { trigger, code: failure.code });
        throw error;
      } finally {
        if (heartbeat) clearInterval(heartbeat);
        if (this.live === live) this.live = null;
        this.running = null;
        this.busy = false;
      }
    })();
    this.running = done;
    // The caller gets the failure through `done`; never unhandled meanwhile.
    done.catch(() => undefined);
    return { run: listed(logged, live.progress), done };
  }

  /** Writes an archive to `archivePath` and waits for it; refuses while another backup of this server runs. */
  async backup(archivePath: string, trigger: BackupTrigger = "cli"): Promise<Manifest> {
    const { done } = await this.launch(archivePath, trigger, 1, null);
    return await done;
  }

  /**
   * A backup into BACKUP_DIR, then the retention rules applied; the folder is checked first, so an
   * unwritable one is refused at once with its code (and no run; a scheduled try lists its
   * refusal as a failed run, so it is seen and tried again). Answers the run and its end.
   */
  async backupToFolder(
    trigger: BackupTrigger,
    attempt = 1,
    retryOf: number | null = null,
  ): Promise<{ run: BackupRun; done: Promise<Manifest> }> {
    this.refuseWhileBusy();
    try {
      await this.folder.ensureWritable();
    } catch (error) {
      if (trigger === "schedule") await this.recordRefusal(error, attempt, retryOf);
      throw error;
    }
    // Retention belongs to the run: once it is listed as succeeded, the folder and the bucket hold
    // what BACKUP_KEEP and BACKUP_KEEP_DAYS say (a listing in between showed one archive too many).
    return await this.launch(join(this.folder.dir, archiveName()), trigger, attempt, retryOf, () =>
      this.applyRetention(),
    );
  }

  /**
   * "Back up now": starts a backup into BACKUP_DIR and answers its run at once (it goes on in the
   * background; its end is in listRuns()). Refused while one runs or when the folder is not writable.
   */
  async start(trigger: BackupTrigger): Promise<BackupRun> {
    const { run } = await this.backupToFolder(trigger);
    return run;
  }

  /** The last runs, newest first: this process's running one with its progress. */
  async listRuns(): Promise<BackupRun[]> {
    // Another instance on the same PostgreSQL may have died during a run: its row stopped being refreshed.
    if (this.source.kind === "postgres") await this.log.interruptStale(new Date(Date.now() - STALE_MS), RETRIES);
    const live = this.live;
    return (await this.log.list(RUNS_LISTED)).map((run) =>
      listed(run, live?.id === run.id ? { ...live.progress } : null),
    );
  }

  /** When the schedule runs next, or null without one. */
  nextScheduled(): Date | null {
    return this.nextAt;
  }

  /**
   * At the server's start: marks the runs a stopped process left running as interrupted, then runs
   * backups at the schedule's times (with retries and retention) until close(). A retry planned
   * before the stop is made (at once if its time passed), and a scheduled time that passed while
   * the server was down is made up for at once: never silently skipped.
   */
  async resume(schedule: BackupSchedule | null, now = new Date()): Promise<void> {
    // PGlite: this process alone opens the store, so any running run is of a process that stopped.
    const staleBefore = this.source.kind === "pglite" ? now : new Date(now.getTime() - STALE_MS);
    const interrupted = await this.log.interruptStale(staleBefore, RETRIES);
    if (interrupted > 0) this.logger.error({ runs: interrupted }, "backups interrupted by a stop were marked failed");
    if (!schedule) return;
    const last = await this.log.lastScheduled();
    if (last?.state === "failed" && last.retryAt) await this.planRetry();
    else if (last && last.state !== "running" && nextBackupAt(schedule, last.startedAt) <= now) {
      this.logger.warn(
        { last: last.startedAt },
        "a scheduled backup was missed while the server was down: backing up now",
      );
      void this.fireScheduled(1, null);
    }
    this.arm(schedule, nextBackupAt(schedule, now));
  }

  private arm(schedule: BackupSchedule, at: Date): void {
    if (this.closed) return;
    this.nextAt = at;
    const wait = Math.max(0, at.getTime() - Date.now());
    this.timer = setTimeout(
      () => {
        if (Date.now() < at.getTime()) this.arm(schedule, at);
        else void this.fireScheduled(1, null).finally(() => this.arm(schedule, nextBackupAt(schedule, new Date())));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    this.timer.unref();
  }

  /** One scheduled try; a failed one is recorded with its retry time, and the retry is armed. */
  private async fireScheduled(attempt: number, retryOf: number | null): Promise<void> {
    try {
      const { done } = await this.backupToFolder("schedule", attempt, retryOf);
      await done;
      return;
    } catch (error) {
      if (error instanceof BackupError && error.code === "BACKUP_RUNNING") {
        // A scheduled time while another backup runs is that backup; a retry waits for it to end.
        if (retryOf === null) return;
        await this.running?.catch(() => undefined);
      }
    }
    if (!this.closed) await this.planRetry();
  }

  /** Arms the retry of the newest scheduled run when it failed with a retry planned. */
  private async planRetry(): Promise<void> {
    const last = await this.log.lastScheduled().catch((err: unknown) => {
      this.logger.error({ err }, "backup run log read failed");
      return null;
    });
    if (this.closed || last?.state !== "failed" || !last.retryAt) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const wait = Math.max(0, last.retryAt.getTime() - Date.now());
    this.retryTimer = setTimeout(() => void this.fireScheduled(last.attempt + 1, last.id), wait);
    this.retryTimer.unref();
  }

  private async recordRefusal(error: unknown, attempt: number, retryOf: number | null): Promise<void> {
    this.logger.error({ err: error, attempt }, "scheduled backup refused");
    try {
      const run = await this.log.begin({ trigger: "schedule", archive: this.folder.dir, attempt, retryOf });
      await this.log.end(run.id, {
        state: "failed",
        error: errorOf(error),
        retryAt: this.retryAtFor("schedule", attempt),
      });
    } catch (err) {
      this.logger.error({ err }, "backup run log write failed");
    }
  }

  private async applyRetention(): Promise<void> {
    if (this.retention.keep === undefined && this.retention.keepDays === undefined) return;
    try {
      const removed = await this.folder.prune(this.retention);
      if (removed.length > 0) this.logger.info({ removed }, "old backups deleted (BACKUP_KEEP, BACKUP_KEEP_DAYS)");
    } catch (error) {
      this.logger.error({ err: error }, "could not delete old backups");
    }
    if (!this.target) return;
    try {
      const removed = await this.target.bucket.prune(this.retention);
      if (removed.length > 0) {
        this.logger.info({ removed, bucket: this.target.bucket.describe() }, "old backups deleted from the bucket");
      }
    } catch (error) {
      this.logger.error({ err: error }, "could not delete old backups from the bucket");
    }
  }

  /**
   * The archives of the folder and of the bucket, newest first, each once with where it is; a
   * bucket that cannot be listed is answered as `bucketError` beside the folder's archives.
   */
  async listArchives(): Promise<{ archives: PlacedArchive[]; bucketError: { code: string; message: string } | null }> {
    const local = await this.folder.list();
    const placed = new Map<string, PlacedArchive>(local.map((item) => [item.name, { ...item, where: "folder" }]));
    let bucketError: { code: string; message: string } | null = null;
    if (this.target) {
      try {
        for (const item of await this.target.bucket.list()) {
          const known = placed.get(item.name);
          placed.set(item.name, known ? { ...known, where: "both" } : { ...item, where: "bucket" });
        }
      } catch (error) {
        bucketError = errorOf(error);
      }
    }
    const archives = [...placed.values()];
    return {
      archives: archives.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name)),
      bucketError,
    };
  }

  /**
   * Makes sure the archive `name` is in BACKUP_DIR: one only in the bucket is fetched there first
   * (a restore reads it twice, and checks every file, from a local file). Answers its path.
   */
  async localArchive(name: string): Promise<string> {
    const path = this.folder.pathOf(name);
    if ((await stat(path).catch(() => null))?.isFile() || !this.target) return path;
    await this.folder.ensureWritable();
    const fetching = `${path}.download-${process.pid}`;
    await this.target.bucket.download(name, fetching);
    await rename(fetching, path).catch(async (error: unknown) => {
      await rm(fetching, { force: true });
      throw error;
    });
    return path;
  }

  /** Deletes an archive from the folder and the bucket, wherever it is; a BackupError when it is nowhere. */
  async removeArchive(name: string): Promise<void> {
    const path = this.folder.pathOf(name);
    const inFolder = Boolean((await stat(path).catch(() => null))?.isFile());
    if (inFolder) await this.folder.remove(name);
    if (!this.target) {
      if (!inFolder) throw new BackupError("ARCHIVE_NOT_A_BACKUP", `There is no archive ${name}.`);
      return;
    }
    const inBucket = (await this.target.bucket.list()).some((item) => item.name === name);
    if (inBucket) await this.target.bucket.remove(name);
    if (!inFolder && !inBucket) throw new BackupError("ARCHIVE_NOT_A_BACKUP", `There is no archive ${name}.`);
  }

  /** Serves `npm run backup` on DATA_DIR/control.sock (PGlite: only this process can copy its files). */
  async listen(dataDir: string): Promise<void> {
    this.socket = await startControlSocket(dataDir, (request) => this.answer(request), this.logger);
  }

  async close(dataDir: string): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await closeControlSocket(this.socket, dataDir);
    this.socket = null;
    // Only waited for: backup() logged its failure already.
    await this.running?.catch(() => undefined);
    this.target?.bucket.close();
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
