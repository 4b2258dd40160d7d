import { eq } from "drizzle-orm";
import { instanceSettingsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";

/** Where the account made through the one-time setup link (/setup) is remembered. */
export const FIRST_OPERATOR_SETTING = "first_operator";

export interface FirstOperator {
  userId: string;
  email: string;
}

// The rule itself is in the contract: the admin area's user list applies it too.
export { isOperatorAddress } from "../contract/operators.ts";

/** The account made through the setup link, if one was. */
export async function readFirstOperator(db: Db): Promise<FirstOperator | null> {
  const [row] = await db
    .select({ value: instanceSettingsTable.value })
    .from(instanceSettingsTable)
    .where(eq(instanceSettingsTable.key, FIRST_OPERATOR_SETTING));
  const value = row?.value as Partial<FirstOperator> | undefined;
  return typeof value?.userId === "string" && typeof value.email === "string"
    ? { userId: value.userId, email: value.email }
    : null;
}

/** ADMIN_EMAILS together with the first operator's address: the list isOperatorAddress checks. */
export async function operatorEmails(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const first = await readFirstOperator(db);
  return first ? [...adminEmails, first.email.toLowerCase()] : [...adminEmails];
}
