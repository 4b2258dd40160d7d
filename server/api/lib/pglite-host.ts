import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

const WORKER_URL = new URL("./pglite-worker.mjs", import.meta.url);
const SOCKET_PORT = 5432;

/**
 * One managed PGlite database running in a worker thread, reachable by `pg` over a Unix socket.
 * Its WASM never runs on the server's event loop; `terminate()` stops a runaway statement at once
 * (PGlite has one backend and no cancel), and the next `start()` reopens the same directory.
 */
export class PgliteHost {
  private worker: Worker | null = null;
  private starting: Promise<void> | null = null;
  private readonly socketDir = mkdtempSync(join(tmpdir(), "pgl-"));

  constructor(private readonly dataDir: string) {}

  /** The `pg` connection settings of the socket. */
  get connection() {
    return { host: this.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" };
  }

  start(): Promise<void> {
    this.starting ??= new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, {
        workerData: { dataDir: this.dataDir, socketPath: join(this.socketDir, `.s.PGSQL.${SOCKET_PORT}`) },
      });
      worker.once("message", (message: { type?: string }) => {
        if (message.type === "ready") resolve();
      });
      worker.once("error", (error) => {
        this.reset();
        reject(error);
      });
      worker.once("exit", () => {
        if (this.worker === worker) this.reset();
      });
      this.worker = worker;
    });
    return this.starting;
  }

  private reset() {
    this.worker = null;
    this.starting = null;
  }

  /** Kills the database's thread mid-statement; open connections fail, the data stays (WAL recovery). */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.reset();
    await worker?.terminate();
  }

  /** Closes the database cleanly (checkpoint) and removes the socket directory. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.reset();
    if (worker) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        worker.on("message", (message: { type?: string }) => {
          if (message.type === "closed") {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.postMessage({ type: "close" });
      });
      await worker.terminate();
    }
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
