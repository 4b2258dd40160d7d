// `npm run restore <archive.tar>`: an instance archive into an empty DATA_DIR (PGlite) or an empty
// PostgreSQL database (DATABASE_URL), with the master key the backup was made under
// (SECRETS_MASTER_KEY or DATA_DIR/master.key). The whole archive is checked before anything is written.
import { resolve } from "node:path";
import { BackupError } from "../backup/backup-error.ts";
import { existingMasterKey } from "../backup/master-key.ts";
import { restoreInstance } from "../backup/restore-instance.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createLogger } from "../lib/logger.ts";

async function main(): Promise<number> {
  const argument = process.argv[2];
  if (!argument) {
    console.error("Usage: npm run restore -- <archive.tar>");
    return 2;
  }
  const config = loadConfig();
  const master = existingMasterKey(config.SECRETS_MASTER_KEY, config.DATA_DIR);
  const manifest = await restoreInstance(resolve(argument), master, {
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger: createLogger({ level: "warn" }),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, schema ${manifest.schema.tag}, ` +
      `${manifest.databases.length} managed database(s)) into ${config.DATABASE_URL ? "DATABASE_URL" : config.DATA_DIR}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`Restore refused: ${error.message}`);
      process.exit(1);
    }
    console.error("Restore failed:", error);
    process.exit(1);
  },
);
