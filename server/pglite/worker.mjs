// One PGlite database in a worker thread, behind a PostgreSQL wire-protocol socket: its WASM never
// blocks the server's event loop, the server reaches it with the same `pg` code as a PostgreSQL
// cluster, and terminating the thread stops a runaway statement without touching other databases.
// Plain JavaScript (no TypeScript loader in the thread); the compiled WASM module and the start
// parameters come from the server (server/pglite/host.ts).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, wasmModule, startParams } = workerData;
// pg_trgm (a 15 KB bundle, loaded into the cluster only by CREATE EXTENSION): the table page offers
// its trigram index for `contains` searches, as on PostgreSQL.
const db = await PGlite.create(dataDir, { pgliteWasmModule: wasmModule, startParams, extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 16 });
await server.start();
parentPort.postMessage({ type: "ready" });
/** Ends the quiet period a backup asked for (see "quiesce" below). */
let resume = null;
parentPort.on("message", async (message) => {
  if (message?.type === "quiesce") {
    // A backup copies the files: checkpoint, then hold PGlite's query lock until "resume", so no
    // statement writes while the copy reads (the copy is then one consistent state).
    try {
      await db.query("CHECKPOINT");
      await db.runExclusive(async () => {
        const resumed = new Promise((resolve) => {
          resume = resolve;
        });
        parentPort.postMessage({ type: "quiet" });
        await resumed;
      });
    } catch (error) {
      parentPort.postMessage({ type: "quiet", error: String(error) });
    }
    return;
  }
  if (message?.type === "resume") {
    resume?.();
    resume = null;
    return;
  }
  if (message?.type !== "close") return;
  // Shutdown: each step is tried whatever the one before did; the next start replays what a failed close left in the WAL.
  resume?.();
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  // Ends this thread only, after the checkpoint above.
  process.exit(0);
});
