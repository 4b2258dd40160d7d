import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJournal } from "../../server/db/schema-version.ts";
import { openStore } from "../../server/db/store.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// A restart of an up-to-date store skips Drizzle's migrator; one that is behind still gets every
// migration it lacks before anything else reads it.
const store = testStoreKind();
const logger = createLogger({ level: "silent" });
const migrationsOf = async (s: Awaited<ReturnType<typeof openStore>>) =>
  (await s.query<{ created_at: string }>("SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY id")).map(
    (row) => Number(row.created_at),
  );

/** An error's message with its causes' (Drizzle wraps the driver's error). */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(" / ");
}

describe(`opening a store again (${store})`, () => {
  it("finds it at this version's last migration and records nothing more", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "appconsole-restart-"));
    const scratch = store === "postgres" ? await createScratchDatabase("restart") : null;
    if (!scratch) await seedPgliteTemplate(dataDir);
    try {
      const first = await openStore({ dataDir, databaseUrl: scratch?.url, logger });
      const recorded = await migrationsOf(first);
      await first.close();
      expect(recorded).toEqual(readJournal().entries.map((entry) => entry.when));

      const again = await openStore({ dataDir, databaseUrl: scratch?.url, logger });
      try {
        expect(await migrationsOf(again)).toEqual(recorded);
        expect(await again.query("SELECT count(*)::int AS n FROM auth_projects")).toEqual([{ n: expect.any(Number) }]);
      } finally {
        await again.close();
      }
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("hands a store that lacks the last migration to the migrator", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "appconsole-restart-"));
    const scratch = store === "postgres" ? await createScratchDatabase("restart") : null;
    if (!scratch) await seedPgliteTemplate(dataDir);
    try {
      const first = await openStore({ dataDir, databaseUrl: scratch?.url, logger });
      const last = readJournal().entries.at(-1)?.when;
      // As if the last migration had never been applied: the migrator runs it again, which either
      // records it anew or fails on the objects it would create, but is not skipped.
      await first.query("DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1", [last]);
      await first.close();
      const reopened = await openStore({ dataDir, databaseUrl: scratch?.url, logger }).then(
        async (s) => {
          const recorded = await migrationsOf(s);
          await s.close();
          return recorded;
        },
        (error: unknown) => error,
      );
      if (Array.isArray(reopened)) expect(reopened.at(-1)).toBe(last);
      else expect(messages(reopened)).toMatch(/already exists/);
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
