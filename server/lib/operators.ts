import { eq } from "drizzle-orm";
import { instanceSettingsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";

/** Where the account made through the one-time setup link (/setup) is remembered. */
export const FIRST_OPERATOR_SETTING = "first_operator";

export interface FirstOperator {
  userId: string;
  email: string;
}

/**
 * Who is an operator of the instance, in one rule for the app API's admin gate and the auth
 * service: a user whose primary e-mail is listed in ADMIN_EMAILS (or is the first operator's,
 * made through the setup link) and verified (an unverified address proves nothing: anyone can
 * type it).
 */
export function isOperatorAddress(
  adminEmails: readonly string[],
  user: { primaryEmail: string | null | undefined; primaryEmailVerified: boolean },
): boolean {
  const email = user.primaryEmail?.trim().toLowerCase();
  return Boolean(email && user.primaryEmailVerified && adminEmails.some((listed) => listed.toLowerCase() === email));
}

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
