import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { APP_ROOT } from "../../../lib/app-root.ts";
import type { Logger } from "../../../lib/logger.ts";
import { pgliteStartParams, pgliteWasmModule } from "../../../pglite/settings.ts";
import { apiError } from "../core/api-error.ts";

const WORKER_FILE = join(APP_ROOT, "server/pglite/snapshot-dump-worker.mjs");

/** pg_dump's options, as the PostgreSQL path's (sql-dump.ts); the sections are the thread's. */
const DUMP_OPTIONS = ["--format=plain", "--no-owner", "--no-privileges", "--no-subscriptions", "--no-publications"];

/**
 * Heap pages per COPY statement: 32 pages are 256 KiB of table, about as much text, held until the
 * reader has taken it (in 64 KiB pieces). 1,000,000 rows are some 400 statements; each costs well
 * under a millisecond next to its rows, and smaller batches keep less in memory at once.
 */
const BATCH_PAGES = 32;

interface FromWorker {
  type: "chunk" | "done" | "error";
  bytes?: Uint8Array;
  message?: string;
}

export interface PgliteDumpOptions {
  /** A private copy of the database's files (ConnectionManager.snapshotPglite). */
  snapshot: () => Promise<{ dir: string; remove(): Promise<void> }>;
  schemaOnly: boolean;
  /** The request's signal: a client gone before the first byte stops the dump. */
  signal?: AbortSignal;
  /** Called once, when the live database is free again (the copy taken, or no copy to be made). */
  onFinish: () => void;
  /** Called once, when the download is over whichever way (its thread and copy are then going). */
  onEnd?: () => void;
  logger: Logger;
}

/**
 * A managed PGlite database as plain SQL, streamed. PGlite has one backend: a snapshot held by a
 * transaction there would make every other connection wait for the whole dump (pglite-socket runs
 * one transaction's statements at a time). So the dump reads a copy of the files, taken while the
 * database ran no statement, opened in a thread of its own (server/pglite/snapshot-dump-worker.mjs):
 * the database is held only for the copy, and the dump is one consistent state. The rows go out as
 * pg_dump's COPY blocks, a batch of pages at a time, as the reader takes them; the copy is removed
 * when the dump ends, whichever way. Failures before the first byte are an error answer; after it,
 * the stream errors, so the download is marked failed rather than ending short.
 */
export async function dumpPglite(options: PgliteDumpOptions): Promise<ReadableStream<Uint8Array>> {
  const { logger } = options;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    options.onFinish();
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.onEnd?.();
  };
  const cancelled = () => apiError("DUMP_FAILED", "The client went away.", { reason: "cancelled" });
  if (options.signal?.aborted) {
    finish();
    end();
    throw cancelled();
  }
  let snapshot: Awaited<ReturnType<PgliteDumpOptions["snapshot"]>>;
  let wasmModule: WebAssembly.Module;
  let startParams: string[];
  try {
    snapshot = await options.snapshot();
    [wasmModule, startParams] = await Promise.all([pgliteWasmModule(), pgliteStartParams("dump")]);
  } catch (error) {
    finish();
    end();
    throw error;
  }
  // The live database is free again from here; the copy stays until the thread is gone.
  finish();

  const thread = new Worker(WORKER_FILE, {
    workerData: {
      dataDir: snapshot.dir,
      wasmModule,
      startParams,
      schemaOnly: options.schemaOnly,
      options: DUMP_OPTIONS,
      batchPages: BATCH_PAGES,
    },
    // Plain JavaScript: not the server's flags (a TypeScript loader, an inspector).
    execArgv: [],
    // As a database's own thread (host.ts): past the cap the thread ends, not the server.
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 512 },
    stdout: true,
    stderr: true,
  });
  thread.stdout.resume(); // PGlite's notices
  thread.stderr.resume();
  let stopped = false;
  /** Ends the thread, then removes the copy it had open. */
  const stop = () => {
    if (stopped) return;
    stopped = true;
    void thread
      .terminate()
      .catch(() => undefined)
      .then(() => snapshot.remove())
      .catch((error: unknown) => logger.warn({ err: error }, "removing a dump's copy of a PGlite database failed"));
    // Over for the reader: a download asked for right after this one finds its slot free (the
    // thread's end and the copy's removal take a few milliseconds more).
    end();
  };

  return new Promise<ReadableStream<Uint8Array>>((resolve, reject) => {
    let body: ReadableStreamDefaultController<Uint8Array> | null = null;
    let readerGone = false;
    const onAbort = () => {
      stop();
      reject(cancelled());
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    /** Before the first byte an error answer; after it, the download is marked failed. */
    const failWith = (failure: Error) => {
      options.signal?.removeEventListener("abort", onAbort);
      stop();
      if (!body) reject(failure);
      else if (!readerGone) body.error(failure);
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          body = controller;
        },
        pull() {
          thread.postMessage({ type: "more" });
        },
        cancel() {
          readerGone = true;
          stop();
        },
      },
      // A few chunks ahead of the reader: each is at most a batch's text.
      { highWaterMark: 4 },
    );
    // The thread sends nothing before it was asked: the first request, for the answer's first bytes.
    thread.postMessage({ type: "more" });
    let answered = false;
    thread.on("message", (message: FromWorker) => {
      if (message.type === "chunk" && message.bytes) {
        if (!answered) {
          answered = true;
          options.signal?.removeEventListener("abort", onAbort);
          resolve(stream);
        }
        if (!readerGone) body?.enqueue(message.bytes);
      } else if (message.type === "done") {
        if (!readerGone) body?.close();
        stop();
      } else if (message.type === "error") {
        const words = (message.message ?? "").trim().split("\n").slice(-3).join(" ").slice(0, 2000);
        logger.warn({ code: "DUMP_FAILED", reason: words }, "a PGlite dump failed");
        failWith(apiError("DUMP_FAILED", `The dump failed: ${words}`, { reason: words }));
        answered = true;
      }
    });
    thread.on("exit", (code) => {
      // Ended by no one here (a crash without an error event): the dump is lost.
      if (stopped) return;
      failWith(apiError("DUMP_FAILED", `The dump's thread ended (${code}).`, { reason: `exit ${code}` }));
    });
    thread.on("error", (error) => {
      const words =
        (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "the dump did not fit in the memory its thread may use"
          : error.message;
      logger.warn({ code: "DUMP_FAILED", reason: words }, "a PGlite dump failed");
      failWith(apiError("DUMP_FAILED", `The dump failed: ${words}`, { reason: words }));
    });
  });
}
