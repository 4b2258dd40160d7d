// One PGlite database in a worker thread, behind a PostgreSQL wire-protocol socket: its WASM never
// blocks the server's event loop, the server reaches it with the same `pg` code as a PostgreSQL
// cluster, and terminating the thread stops a runaway statement without touching other databases.
// Plain JavaScript (no TypeScript loader in the thread); the compiled WASM module and the start
// parameters come from the server (server/pglite/host.ts).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, wasmModule, startParams } = workerData;
const db = await PGlite.create(dataDir, { pgliteWasmModule: wasmModule, startParams });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 16 });
await server.start();
parentPort.postMessage({ type: "ready" });
parentPort.on("message", async (message) => {
  if (message?.type !== "close") return;
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  // Ends this thread only, after the checkpoint above.
  process.exit(0);
});
