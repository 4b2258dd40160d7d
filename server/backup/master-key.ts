import { existsSync } from "node:fs";
import { loadMasterKey, type MasterKey, masterKeyPath } from "../lib/envelope.ts";
import { BackupError } from "./backup-error.ts";

/**
 * The instance's master key for a backup or a restore: SECRETS_MASTER_KEY, or DATA_DIR/master.key
 * when it exists. Never generated here: a new key would seal an archive nothing can restore, and
 * a restore needs the key the backup was made under.
 */
export function existingMasterKey(secretsMasterKey: string | undefined, dataDir: string): MasterKey {
  if (!secretsMasterKey && !existsSync(masterKeyPath(dataDir))) {
    throw new BackupError(
      "MASTER_KEY_MISSING",
      `No master key: set SECRETS_MASTER_KEY, or put the instance's key file at ${masterKeyPath(dataDir)} ` +
        "(the key is never inside an archive; keep it apart from the archives).",
    );
  }
  return loadMasterKey({ secretsMasterKey, dataDir });
}
