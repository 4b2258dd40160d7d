import { eq } from "drizzle-orm";
import { apiDataKeysTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import { type MasterKey, unwrapDataKey, wrapDataKey } from "./envelope.ts";

/**
 * Re-wraps every data key from `from` to `to` in one transaction; values stay as they are, since
 * only the data keys change wrapping. Keys already under `to` are skipped, so a re-run is harmless.
 */
export async function rewrapDataKeys(
  db: Db,
  from: MasterKey,
  to: MasterKey,
): Promise<{ rewrapped: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(apiDataKeysTable).for("update");
    let rewrapped = 0;
    let skipped = 0;
    for (const row of rows) {
      if (row.masterKeyId === to.id) {
        skipped++;
        continue;
      }
      if (row.masterKeyId !== from.id) {
        throw new Error(
          `data key ${row.scope} is wrapped by master key ${row.masterKeyId}, not the current ${from.id}`,
        );
      }
      const dataKey = unwrapDataKey(from, row.wrappedKey, row.scope);
      await tx
        .update(apiDataKeysTable)
        .set({ wrappedKey: wrapDataKey(to, dataKey, row.scope), masterKeyId: to.id, rewrappedAt: new Date() })
        .where(eq(apiDataKeysTable.scope, row.scope));
      rewrapped++;
    }
    return { rewrapped, skipped };
  });
}
