import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionManager, type DatabaseRef } from "../../server/api/lib/databases/connections.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createOutboundPolicy, parseOutboundAllow } from "../../server/lib/outbound.ts";
import { copyCluster } from "../../server/pglite/copy-cluster.ts";
import { templateDir, tidySpares } from "../../server/pglite/template.ts";
import { PGLITE_ONLY } from "../helpers/reasoned-skips.mjs";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// A PGlite database filled from elsewhere (a restore from a backup) or branched is written into a
// partial folder beside its own first. The spare pool tidies `databases/*.tmp` folders a stopped
// process left, 2 s after every new database: the partial folder of a fill still under way must
// not be one of them (a restore of a large database takes longer than that).
const kind = testStoreKind();
const scratch = mkdtempSync(join(tmpdir(), "appconsole-fill-managed-"));
let connections: ConnectionManager;

beforeAll(async () => {
  if (kind !== "pglite") return;
  await seedPgliteTemplate(scratch);
  connections = new ConnectionManager({
    dataDir: scratch,
    logger: createLogger({ level: "silent" }),
    outbound: createOutboundPolicy(parseOutboundAllow(undefined)),
  });
}, 120_000);

afterAll(async () => {
  await connections?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe.runIf(kind === "pglite")(`filling a new PGlite database ${PGLITE_ONLY}`, { timeout: 120_000 }, () => {
  it("survives the spare pool's tidying while it is filled, and opens afterwards", async () => {
    const id = randomUUID();
    const { location } = await connections.createManaged(id);
    const ref: DatabaseRef = { id, engine: "pglite", kind: "managed", location, credentials: async () => ({}) };
    await connections.fillManaged(ref, {
      pglite: async (dir) => {
        await copyCluster(templateDir(scratch), dir);
        // The refill's tidying, at its worst moment: the cluster written, not yet moved into place.
        tidySpares(scratch);
        expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);
      },
      postgres: () => Promise.reject(new Error("a PGlite test")),
    });
    expect(readdirSync(join(scratch, "databases")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const { target, release } = await connections.acquire(ref);
    try {
      const client = await target.connect();
      try {
        expect((await client.query("SELECT 1 + 1 AS two")).rows).toEqual([{ two: 2 }]);
      } finally {
        client.release();
      }
    } finally {
      release();
    }
  });
});
