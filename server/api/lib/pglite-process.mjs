// Runs one managed PGlite database in a child process behind a PostgreSQL wire-protocol socket, so
// its WASM never blocks the server's event loop, its memory stays out of the server's heap, and the
// server reaches it with the same `pg` code as a PostgreSQL cluster. Plain JavaScript, started with
// a clean `node` (no TypeScript loader).
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath } = JSON.parse(process.env.PGLITE_PROCESS_OPTIONS ?? "{}");
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 16 });
await server.start();
process.send?.({ type: "ready" });
process.on("message", async (message) => {
  if (message?.type !== "close") return;
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.send?.({ type: "closed" });
  process.exit(0);
});
// The server owns this process: when it goes away, so does the database.
process.on("disconnect", () => process.exit(0));
