import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../server/db/store.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// A store a newer version migrated (a migration this version's journal does not have) is refused
// at start, with a message, instead of being run on tables this version does not know.
const store = testStoreKind();
const logger = createLogger({ level: "silent" });

describe(`a store from a newer version (${store})`, () => {
  it("refuses to open, saying why", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "appconsole-newer-"));
    const scratch = store === "postgres" ? await createScratchDatabase("newer") : null;
    if (!scratch) await seedPgliteTemplate(dataDir);
    try {
      const first = await openStore({ dataDir, databaseUrl: scratch?.url, logger });
      await first.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)", [
        "from-a-newer-version",
        Date.now() + 86_400_000,
      ]);
      await first.close();
      await expect(openStore({ dataDir, databaseUrl: scratch?.url, logger })).rejects.toThrow(
        /The store was migrated by a newer version of the console .* this version knows up to \d{4}_/,
      );
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
