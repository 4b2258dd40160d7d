import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { APP_ROOT } from "../lib/app-root.ts";
import { type PgliteRole, pgliteStartParams, pgliteWasmModule } from "./settings.ts";

const WORKER_FILE = join(APP_ROOT, "server/pglite/worker.mjs");
const SOCKET_PORT = 5432;
const CLOSE_GRACE_MS = 5_000;

/**
 * One PGlite database in a worker thread of its own, reachable by `pg` over a Unix socket.
 * `terminate()` stops a runaway statement at once (PGlite has one backend and no cancel) and
 * touches no other database; the next `start()` reopens the same directory (WAL recovery).
 *
 * A thread per database rather than a child process: the compiled WASM is shared with the server
 * (no second compile, no second copy of its machine code) and a thread has no Node runtime of its
 * own to pay for; a small young generation keeps the thread's JS heap near what PGlite's glue needs.
 * Its old generation is capped, so a heap that runs away ends that thread, not the server.
 */
export class PgliteHost {
  private worker: Worker | null = null;
  private starting: Promise<void> | null = null;
  /** A start waits for a terminated thread to be gone, so two never open the directory at once. */
  private terminating: Promise<void> | null = null;
  private readonly socketDir = mkdtempSync(join(tmpdir(), "pgl-"));
  /** A backup's copy of the files under way: a new thread (WAL recovery writes) waits for it. */
  private copying: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly role: PgliteRole = "managed",
  ) {}

  /** The `pg` connection settings of the socket. */
  get connection() {
    return { host: this.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" };
  }

  start(): Promise<void> {
    if (this.terminating) return this.terminating.then(() => this.start());
    this.starting ??= this.spawn().catch((error: unknown) => {
      this.reset();
      throw error;
    });
    return this.starting;
  }

  private async spawn(): Promise<void> {
    await this.copying;
    const [wasmModule, startParams] = await Promise.all([pgliteWasmModule(), pgliteStartParams(this.role)]);
    const socketPath = join(this.socketDir, `.s.PGSQL.${SOCKET_PORT}`);
    rmSync(socketPath, { force: true });
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir: this.dataDir, socketPath, wasmModule, startParams },
      // Not the server's flags (a TypeScript loader, inspector): the thread runs plain JavaScript.
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 512 },
      stdout: true,
    });
    worker.stdout.resume(); // PGlite's notices; warnings and errors still reach stderr
    this.worker = worker;
    await new Promise<void>((resolve, reject) => {
      worker.on("message", (message: { type?: string }) => {
        if (message.type === "ready") resolve();
      });
      worker.on("error", reject); // an uncaught error ends the thread; "exit" follows
      worker.once("exit", (code) => {
        if (this.worker === worker) this.reset();
        reject(new Error(`the PGlite thread exited with code ${code} before it was ready`));
      });
    });
  }

  private reset() {
    this.worker = null;
    this.starting = null;
  }

  /** Stops the database mid-statement; open connections fail, the data stays (WAL recovery). */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.reset();
    if (!worker) return;
    this.terminating = worker
      .terminate()
      .then(() => undefined)
      .finally(() => {
        this.terminating = null;
      });
    await this.terminating;
  }

  /**
   * Runs `copy` while the database runs no statement, after a checkpoint: the files under the
   * folder are then one consistent state (a backup's copy). Statements wait meanwhile; a restart
   * of the thread (an interrupted statement) waits for the copy to end.
   */
  async whileQuiet<T>(copy: (clusterDir: string) => Promise<T>): Promise<T> {
    await this.start();
    const worker = this.worker;
    if (!worker) throw new Error("the PGlite thread ended before the copy");
    const quiet = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string; error?: string }) => {
        if (message.type !== "quiet") return;
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        if (message.error) reject(new Error(`the database could not be paused for the copy: ${message.error}`));
        else resolve();
      };
      const onExit = () => {
        worker.off("message", onMessage);
        reject(new Error("the PGlite thread ended before the copy"));
      };
      worker.on("message", onMessage);
      worker.once("exit", onExit);
    });
    worker.postMessage({ type: "quiesce" });
    await quiet;
    const copying = (async () => {
      try {
        return await copy(this.dataDir);
      } finally {
        worker.postMessage({ type: "resume" });
      }
    })();
    this.copying = copying.then(
      () => undefined,
      () => undefined,
    );
    return copying;
  }

  /** Closes the database cleanly (checkpoint) and removes the socket directory. */
  async close(): Promise<void> {
    const worker = this.worker;
    const starting = this.starting;
    this.reset();
    // A thread still starting gets to finish, so the close below is a clean one.
    await starting?.catch(() => undefined);
    if (worker) {
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
      worker.postMessage({ type: "close" });
      await exited;
      clearTimeout(timer);
    }
    await this.terminating;
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
