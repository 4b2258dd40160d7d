import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PROCESS_FILE = fileURLToPath(new URL("./pglite-process.mjs", import.meta.url));
const SOCKET_PORT = 5432;

/**
 * One managed PGlite database running in a child process, reachable by `pg` over a Unix socket.
 * Its WASM never runs on the server's event loop; `terminate()` stops a runaway statement at once
 * (PGlite has one backend and no cancel), and the next `start()` reopens the same directory.
 * A process rather than a worker thread: a thread inherits the server's module loader hooks (tsx),
 * under which PGlite never finished starting, and a process keeps its memory apart.
 */
export class PgliteHost {
  private child: ChildProcess | null = null;
  private starting: Promise<void> | null = null;
  /** A start waits for a killed process to be gone, so two never open the directory at once. */
  private terminating: Promise<void> | null = null;
  private readonly socketDir = mkdtempSync(join(tmpdir(), "pgl-"));

  constructor(private readonly dataDir: string) {}

  /** The `pg` connection settings of the socket. */
  get connection() {
    return { host: this.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" };
  }

  start(): Promise<void> {
    if (this.terminating) return this.terminating.then(() => this.start());
    this.starting ??= new Promise<void>((resolve, reject) => {
      const socketPath = join(this.socketDir, `.s.PGSQL.${SOCKET_PORT}`);
      rmSync(socketPath, { force: true });
      const child = fork(PROCESS_FILE, [], {
        execArgv: [],
        env: {
          ...process.env,
          NODE_OPTIONS: "",
          PGLITE_PROCESS_OPTIONS: JSON.stringify({ dataDir: this.dataDir, socketPath }),
        },
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      });
      child.once("message", (message: { type?: string }) => {
        if (message.type === "ready") resolve();
      });
      child.once("error", (error) => {
        if (this.child === child) this.reset();
        reject(error);
      });
      child.once("exit", (code) => {
        if (this.child === child) this.reset();
        reject(new Error(`the PGlite process exited with code ${code} before it was ready`));
      });
      this.child = child;
    });
    return this.starting;
  }

  private reset() {
    this.child = null;
    this.starting = null;
  }

  /** Kills the database mid-statement; open connections fail, the data stays (WAL recovery). */
  async terminate(): Promise<void> {
    const child = this.child;
    this.reset();
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGKILL");
      this.terminating = exited.finally(() => {
        this.terminating = null;
      });
      await this.terminating;
    }
  }

  /** Closes the database cleanly (checkpoint) and removes the socket directory. */
  async close(): Promise<void> {
    const child = this.child;
    this.reset();
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: "close" });
      });
    }
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
