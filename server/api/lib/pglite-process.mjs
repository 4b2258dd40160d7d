// Runs one managed PGlite database in a worker thread behind a PostgreSQL wire-protocol socket, so
// its WASM never blocks the server's event loop and the server reaches it with the same `pg` code as
// a PostgreSQL cluster. Plain JavaScript: a worker loads its file without the TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath } = workerData;
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 16 });
await server.start();
parentPort?.postMessage({ type: "ready" });
parentPort?.on("message", async (message) => {
  if (message?.type !== "close") return;
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  parentPort?.postMessage({ type: "closed" });
});
