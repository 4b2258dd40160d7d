import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { instanceSettingsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { FIRST_OPERATOR_SETUP_SETTING } from "../../../lib/first-run.ts";
import { FIRST_OPERATOR_SETTING, type FirstOperator } from "../../../lib/operators.ts";

const SETTING = FIRST_OPERATOR_SETUP_SETTING;
/** How long a printed setup link works. */
export const SETUP_LINK_TTL_MS = 60 * 60 * 1000;

interface StoredLink {
  /** sha256 of the token, hex: the token itself is only ever in the printed link. */
  hash: string;
  expiresAt: string;
  used: boolean;
}

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The one-time link that makes the first operator (as PocketBase's installer link does): printed
 * once at a start that finds no account yet, valid for an hour, good for one account. Only its hash
 * is stored; a new start replaces an unused link, so the latest printed one is the one that works.
 */
export class SetupLinks {
  constructor(private db: Db) {}

  /** A fresh token, replacing any earlier one. */
  async issue(now = new Date()): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const value: StoredLink = {
      hash: digest(token),
      expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS).toISOString(),
      used: false,
    };
    await this.db
      .insert(instanceSettingsTable)
      .values({ key: SETTING, value })
      .onConflictDoUpdate({ target: instanceSettingsTable.key, set: { value, updatedAt: now } });
    return token;
  }

  /** The stored link when `token` is it, unused and not expired; compared in constant time. */
  async find(token: string, now = new Date()): Promise<StoredLink | null> {
    const [row] = await this.db
      .select({ value: instanceSettingsTable.value })
      .from(instanceSettingsTable)
      .where(eq(instanceSettingsTable.key, SETTING));
    const stored = row?.value as StoredLink | undefined;
    if (!stored || typeof stored.hash !== "string") return null;
    const given = Buffer.from(digest(token), "hex");
    const expected = Buffer.from(stored.hash, "hex");
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    if (!same || stored.used || Date.parse(stored.expiresAt) <= now.getTime()) return null;
    return stored;
  }

  /**
   * Marks the link used, once: of two requests with the same token only one gets true (the update
   * is conditional on the stored value still saying unused).
   */
  async consume(token: string, now = new Date()): Promise<boolean> {
    const stored = await this.find(token, now);
    if (!stored) return false;
    const claimed = await this.db
      .update(instanceSettingsTable)
      .set({ value: { ...stored, used: true }, updatedAt: now })
      .where(
        and(
          eq(instanceSettingsTable.key, SETTING),
          sql`${instanceSettingsTable.value}->>'hash' = ${stored.hash}`,
          sql`${instanceSettingsTable.value}->>'used' = 'false'`,
        ),
      )
      .returning({ key: instanceSettingsTable.key });
    return claimed.length === 1;
  }

  /** Gives a consumed link back when the account could not be made (the address was taken, say). */
  async release(token: string): Promise<void> {
    await this.db
      .update(instanceSettingsTable)
      .set({ value: sql`jsonb_set(${instanceSettingsTable.value}, '{used}', 'false'::jsonb)` })
      .where(
        and(eq(instanceSettingsTable.key, SETTING), sql`${instanceSettingsTable.value}->>'hash' = ${digest(token)}`),
      );
  }

  /** Remembers the account the link made: it is an operator from now on. */
  async recordOperator(operator: FirstOperator): Promise<void> {
    await this.db
      .insert(instanceSettingsTable)
      .values({ key: FIRST_OPERATOR_SETTING, value: operator })
      .onConflictDoNothing({ target: instanceSettingsTable.key });
  }
}
