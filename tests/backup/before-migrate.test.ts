import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyArchive } from "../../server/backup/archive-reader.ts";
import { backupBeforeMigrate } from "../../server/backup/before-migrate.ts";
import { loadConfig } from "../../server/config.ts";
import { openStore } from "../../server/db/store.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { seedPgliteTemplate, testStoreKind } from "../helpers/test-server.ts";

// BACKUP_BEFORE_MIGRATE: a start that finds migrations pending backs the instance up first; an
// up-to-date store is not backed up. "Pending" is made by lowering the store's record of its last
// migration, and the start is stopped right after the backup (the last migration would otherwise
// run a second time on tables it made).
const store = testStoreKind();
const logger = createLogger({ level: "silent" });
const scratchDirs: string[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

class StopAfterBackup extends Error {}

describe(`a backup before pending migrations (${store})`, { timeout: 180_000 }, () => {
  it("backs up a store with migrations pending, sealed and complete, before they run", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "appconsole-before-migrate-"));
    const backupDir = mkdtempSync(join(tmpdir(), "appconsole-before-migrate-archives-"));
    scratchDirs.push(dataDir, backupDir);
    const scratch = store === "postgres" ? await createScratchDatabase("premigrate") : null;
    if (scratch) drops.push(scratch.drop);
    else await seedPgliteTemplate(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_BEFORE_MIGRATE: "true",
      SECRETS_MASTER_KEY: randomBytes(32).toString("base64"),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    const hook = backupBeforeMigrate(config, logger);
    let calls = 0;
    const counted: typeof hook = async (quiet) => {
      calls += 1;
      await hook(quiet);
      throw new StopAfterBackup("stopped after the backup");
    };

    // A new store: nothing to back up; the migrations run.
    const first = await openStore({ dataDir, databaseUrl: scratch?.url, logger, beforeMigrate: counted });
    expect(calls).toBe(0);
    // The store now says its last migration is one older than this version's last.
    await first.query(
      "UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)",
    );
    await first.close();
    expect(readdirSync(backupDir)).toEqual([]);

    await expect(openStore({ dataDir, databaseUrl: scratch?.url, logger, beforeMigrate: counted })).rejects.toThrow(
      StopAfterBackup,
    );
    expect(calls).toBe(1);
    const archives = readdirSync(backupDir);
    expect(archives).toHaveLength(1);
    expect(archives[0]).toMatch(/^backup-.*\.tar$/);
    const master = loadMasterKey({ secretsMasterKey: config.SECRETS_MASTER_KEY, dataDir });
    const manifest = await verifyArchive(join(backupDir, archives[0] ?? ""), master);
    expect(manifest.store).toBe(store);
    expect(manifest.files.some((file) => file.path.startsWith("store"))).toBe(true);
  });
});
