import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionManager, type DatabaseRef } from "../../server/api/lib/databases/connections.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createOutboundPolicy, parseOutboundAllow } from "../../server/lib/outbound.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";

/**
 * A database's sealed URL (or role password) is opened when its pool is made, not on every request:
 * the connection manager asks the reference for its credentials only while opening.
 */
describe("a user database's credentials", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let connections: ConnectionManager;
  let opened = 0;
  let ref: DatabaseRef;

  beforeAll(async () => {
    scratch = await createScratchDatabase("creds");
    dataDir = mkdtempSync(join(tmpdir(), "creds-"));
    connections = new ConnectionManager({
      dataDir,
      logger: createLogger({ level: "silent" }),
      outbound: createOutboundPolicy(parseOutboundAllow("127.0.0.1")),
    });
    ref = {
      id: "external-1",
      engine: "postgres",
      kind: "external",
      location: "127.0.0.1",
      credentials: async () => {
        opened++;
        return { url: scratch.url };
      },
    };
  });

  afterAll(async () => {
    await connections.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are opened once per pool, and again only when the pool is made anew", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await connections.use(ref, (target) => target.pool.query("SELECT 1 AS one"));
      expect(answer.rows).toEqual([{ one: 1 }]);
    }
    expect(opened).toBe(1);
    await connections.release(ref.id);
    await connections.use(ref, (target) => target.pool.query("SELECT 1"));
    expect(opened).toBe(2);
  });
});
