import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import type pg from "pg";
import { APP_ROOT } from "../../../lib/app-root.ts";
import type { Logger } from "../../../lib/logger.ts";
import { apiError } from "../core/api-error.ts";
import type { ToolConnection } from "../databases/connections.ts";

const WORKER_FILE = join(APP_ROOT, "server/pglite/dump-worker.mjs");

/**
 * pg_dump's options, as the PostgreSQL path's (sql-dump.ts); pgDump adds `--inserts` itself (rows
 * as INSERT statements rather than COPY: it reads its output back from one in-memory file).
 */
function dumpArgs(schemaOnly: boolean): string[] {
  return [
    "--format=plain",
    "--no-owner",
    "--no-privileges",
    "--no-subscriptions",
    "--no-publications",
    ...(schemaOnly ? ["--schema-only"] : []),
  ];
}

/** libpq's rule: a host that is a directory means the socket `<dir>/.s.PGSQL.<port>` in it. */
export function socketPathOf(connection: ToolConnection): string {
  return join(connection.params.host ?? "", `.s.PGSQL.${connection.params.port ?? "5432"}`);
}

interface FromWorker {
  type: "send" | "size" | "chunk" | "done" | "error";
  bytes?: Uint8Array;
  message?: string;
}

export interface PgliteDumpOptions {
  /** The database thread's socket (pglite-socket). */
  socketPath: string;
  /**
   * The console's own session on the database, held for the whole dump: PGlite has one backend,
   * which every connection shares, so pg_dump's session settings (an empty search_path, DateStyle…)
   * would otherwise be seen by the console's statements between pg_dump's; they wait instead, and
   * the session is reset on this connection before it is given back.
   */
  session: pg.PoolClient;
  schemaOnly: boolean;
  /** The request's signal: a client gone before the first byte stops the dump. */
  signal?: AbortSignal;
  /** Called once, when the dump is over whichever way (the caller's lease). */
  onFinish: () => void;
  logger: Logger;
}

/**
 * A managed PGlite database as plain SQL, by the WASM pg_dump 18 of @electric-sql/pglite-tools run
 * in a thread of its own (server/pglite/dump-worker.mjs), the database reached at its socket through
 * a relay in this thread. pgDump builds the whole dump in its memory before it answers, so every
 * failure comes before the first byte (an error answer, not a cut download); the dump is then sent on
 * in chunks, as the reader takes them. A reader who goes away ends the thread.
 */
export function dumpPglite(options: PgliteDumpOptions): Promise<ReadableStream<Uint8Array>> {
  const { session, logger } = options;
  const signalBuffer = new SharedArrayBuffer(4);
  const wakeUp = new Int32Array(signalBuffer);
  const channel = new MessageChannel();
  const relay = (message: { bytes?: Uint8Array; closed?: true; error?: string }, transfer: ArrayBuffer[] = []) => {
    channel.port1.postMessage(message, transfer);
    Atomics.add(wakeUp, 0, 1);
    Atomics.notify(wakeUp, 0);
  };

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    options.onFinish();
  };

  let socket: Socket | null = null;
  let worker: Worker | null = null;
  let preparedBefore: Set<string> = new Set();
  let databaseFreed: Promise<void> | null = null;
  /** Ends pg_dump's connection, resets the shared backend's session and gives the console's back. */
  const freeDatabase = () => {
    databaseFreed ??= (async () => {
      socket?.destroy();
      // pglite-socket rolls pg_dump's transaction back when its connection closes; the statements
      // below queue behind that rollback (the socket runs one transaction's statements at a time).
      let broken = false;
      try {
        await resetSession(session, preparedBefore);
      } catch (error) {
        broken = true;
        logger.warn({ err: error }, "resetting the session after a PGlite dump failed");
      }
      session.release(broken);
    })();
    return databaseFreed;
  };
  let workerStopped = false;
  const stopWorker = () => {
    workerStopped = true;
    channel.port1.close();
    void worker?.terminate();
  };

  return new Promise<ReadableStream<Uint8Array>>((resolve, reject) => {
    let stopped = false;
    const fail = (error: Error) => {
      stopped = true;
      stopWorker();
      void freeDatabase().finally(finish);
      reject(error);
    };
    const onAbort = () => fail(apiError("DUMP_FAILED", "The client went away.", { reason: "cancelled" }));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });

    void (async () => {
      try {
        preparedBefore = await preparedStatements(session);
      } catch (error) {
        return fail(error instanceof Error ? error : new Error(String(error)));
      }
      if (stopped) return;
      const opened = connect(options.socketPath);
      socket = opened;
      opened.on("data", (chunk: Buffer) => {
        const bytes = new Uint8Array(chunk); // a copy of its own, handed over without another
        relay({ bytes }, [bytes.buffer]);
      });
      opened.on("error", () => undefined); // "close" follows and tells the thread
      opened.on("close", () => relay({ closed: true, error: "the database closed pg_dump's connection" }));

      const thread = new Worker(WORKER_FILE, {
        workerData: { args: dumpArgs(options.schemaOnly), signal: signalBuffer, serverPort: channel.port2 },
        transferList: [channel.port2],
        // Plain JavaScript: not the server's flags (a TypeScript loader, an inspector).
        execArgv: [],
        // The dump is held as one string (V8 caps a string near 512 MiB); past the heap cap the
        // thread ends, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 2048 },
        stdout: true,
        stderr: true,
      });
      thread.stdout.resume();
      thread.stderr.resume();
      worker = thread;

      let body: ReadableStreamDefaultController<Uint8Array> | null = null;
      let cancelled = false;
      /** Before the first byte an error answer; after it, the download is marked failed. */
      const failWith = (failure: Error) => {
        if (!body) return fail(failure);
        if (!cancelled) body.error(failure);
        stopWorker();
        finish();
      };
      thread.on("message", (message: FromWorker) => {
        if (message.type === "send" && message.bytes) {
          socket?.write(message.bytes);
        } else if (message.type === "size") {
          // The whole dump is in the thread's memory: the database is done with.
          options.signal?.removeEventListener("abort", onAbort);
          void freeDatabase().then(() => {
            if (cancelled) return;
            resolve(
              new ReadableStream<Uint8Array>(
                {
                  start(controller) {
                    body = controller;
                  },
                  pull() {
                    thread.postMessage({ type: "more" });
                  },
                  cancel() {
                    cancelled = true;
                    stopWorker();
                    finish();
                  },
                },
                { highWaterMark: 4 },
              ),
            );
          });
        } else if (message.type === "chunk" && message.bytes) {
          if (!cancelled) body?.enqueue(message.bytes);
        } else if (message.type === "done") {
          if (!cancelled) body?.close();
          stopWorker();
          finish();
        } else if (message.type === "error") {
          const words = lastLines(message.message ?? "");
          failWith(apiError("DUMP_FAILED", `pg_dump failed: ${words}`, { reason: words }));
        }
      });
      thread.on("exit", (code) => {
        // Ended by no one here (a crash without an error event): the dump is lost.
        if (workerStopped) return;
        failWith(apiError("DUMP_FAILED", `pg_dump's thread ended (${code}).`, { reason: `exit ${code}` }));
      });
      thread.on("error", (error) => {
        const words =
          (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? "the dump did not fit in the memory its thread may use"
            : error.message;
        logger.warn({ code: "DUMP_FAILED", reason: words }, "a PGlite dump failed");
        failWith(apiError("DUMP_FAILED", `pg_dump failed: ${words}`, { reason: words }));
      });
    })();
  });
}

/** The last lines of pg_dump's words: its own error, not the whole log. */
function lastLines(text: string): string {
  return text.trim().split("\n").slice(-3).join(" ").slice(0, 2000);
}

async function preparedStatements(session: pg.PoolClient): Promise<Set<string>> {
  const result = await session.query<{ name: string }>("SELECT name FROM pg_prepared_statements");
  return new Set(result.rows.map((row) => row.name));
}

/**
 * pg_dump's traces on the one backend: the statements it prepared (a second dump would find them
 * taken) and the settings it made outside its transaction (an empty search_path, DateStyle…).
 */
async function resetSession(session: pg.PoolClient, before: Set<string>): Promise<void> {
  for (const name of await preparedStatements(session)) {
    if (!before.has(name)) await session.query(`DEALLOCATE "${name.replaceAll('"', '""')}"`);
  }
  await session.query("RESET ALL");
}
