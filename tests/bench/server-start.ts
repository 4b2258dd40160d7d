// What the benchmarks that start the server as its own process share.
import { createServer } from "node:net";
import { SPARE_CLUSTERS } from "../../server/pglite/spare-pool.ts";
import { readySpares } from "../../server/pglite/template.ts";

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `npm start` has copied the spare clusters the next project initialisations take. */
export async function sparesReady(dataDir: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (readySpares(dataDir).length < SPARE_CLUSTERS) {
    if (Date.now() > deadline) throw new Error("the server made no spare clusters within a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
