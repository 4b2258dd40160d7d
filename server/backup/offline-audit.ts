import { openStore } from "../db/store.ts";
import { type InstanceAuditRecord, recordInstanceAudit } from "../lib/instance-audit.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * Records an event of a command that ran without the server (a backup on PostgreSQL or of a stopped
 * PGlite folder, a restore) in the instance's own audit log, opening the store for it.
 */
export async function recordOffline(
  target: { dataDir: string; databaseUrl?: string; logger: Logger },
  record: InstanceAuditRecord,
): Promise<void> {
  const store = await openStore(target);
  try {
    await recordInstanceAudit(store.db, [record]);
  } finally {
    await store.close();
  }
}
