import { inArray } from "drizzle-orm";
import { instanceSettingsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import { FIRST_OPERATOR_SETTING } from "./operators.ts";

/** Where the setup link's hash is kept (server/api/lib/operators/setup-link.ts): its presence means a first run began. */
export const FIRST_OPERATOR_SETUP_SETTING = "first_operator_setup";

/**
 * Is the instance waiting for its first operator? True from the start that printed a setup link
 * (it found an empty store) until the link made an account. An instance whose store had accounts
 * before setup links existed never had a link issued, so it is not waiting.
 */
export async function setupPending(db: Db): Promise<boolean> {
  return (await firstRunState(db)) === "pending";
}

export async function firstRunState(db: Db): Promise<"pending" | "done" | "no-link"> {
  const rows = await db
    .select({ key: instanceSettingsTable.key })
    .from(instanceSettingsTable)
    .where(inArray(instanceSettingsTable.key, [FIRST_OPERATOR_SETTING, FIRST_OPERATOR_SETUP_SETTING]));
  const keys = new Set(rows.map((row) => row.key));
  if (keys.has(FIRST_OPERATOR_SETTING)) return "done";
  return keys.has(FIRST_OPERATOR_SETUP_SETTING) ? "pending" : "no-link";
}
