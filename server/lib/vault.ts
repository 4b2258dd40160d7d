import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { apiDataKeysTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import { type MasterKey, newDataKey, open, seal, unwrapDataKey, wrapDataKey } from "./envelope.ts";
import { throwErr } from "./errors.ts";

/**
 * Seals and opens values under per-scope data keys (`app:<id>`, `db:<id>`). A data key is created on
 * first use; concurrent first uses agree on one key because the insert does nothing on conflict and
 * everyone then reads the stored row.
 */
export class Vault {
  constructor(
    private readonly db: Db,
    private readonly master: MasterKey,
  ) {}

  private async dataKey(scope: string, create: boolean): Promise<Buffer | null> {
    const read = async () =>
      (await this.db.select().from(apiDataKeysTable).where(eq(apiDataKeysTable.scope, scope)).limit(1))[0];
    let row = await read();
    if (!row && create) {
      await this.db
        .insert(apiDataKeysTable)
        .values({ scope, wrappedKey: wrapDataKey(this.master, newDataKey(), scope), masterKeyId: this.master.id })
        .onConflictDoNothing();
      row = await read();
    }
    if (!row) return null;
    if (row.masterKeyId !== this.master.id) {
      throwErr(
        `data key ${scope} was wrapped by master key ${row.masterKeyId}, but this server has ${this.master.id}; ` +
          "set SECRETS_MASTER_KEY to the key in use (or run npm run secrets:rewrap)",
      );
    }
    return unwrapDataKey(this.master, row.wrappedKey, scope);
  }

  async seal(scope: string, plaintext: string, aad: string): Promise<string> {
    const key = (await this.dataKey(scope, true)) ?? throwErr("data key was just created");
    return seal(key, plaintext, `${scope}|${aad}`);
  }

  /**
   * Seals with the scope's data key (created if need be) looked up once, now: the returned function
   * needs no store, so it can seal inside a transaction (which on PGlite holds the one connection).
   */
  async sealer(scope: string): Promise<(plaintext: string, aad: string) => string> {
    const key = (await this.dataKey(scope, true)) ?? throwErr("data key was just created");
    return (plaintext, aad) => seal(key, plaintext, `${scope}|${aad}`);
  }

  /** Opens with the scope's data key looked up once, now (see sealer); null when the scope has none yet. */
  async opener(scope: string): Promise<((sealed: string, aad: string) => string) | null> {
    const key = await this.dataKey(scope, false);
    return key ? (sealed, aad) => open(key, sealed, `${scope}|${aad}`).toString("utf8") : null;
  }

  /**
   * A keyed hash (HMAC-SHA256, base64url) under the scope's data key, looked up once, now: for
   * short secrets kept as hashes, which a copy of the store alone cannot guess offline. Rewrapping
   * the data key under a new master key keeps the hashes valid.
   */
  async hasher(scope: string): Promise<(value: string) => string> {
    const key = (await this.dataKey(scope, true)) ?? throwErr("data key was just created");
    return (value) => createHmac("sha256", key).update(value).digest("base64url");
  }

  async open(scope: string, sealed: string, aad: string): Promise<string> {
    const key = (await this.dataKey(scope, false)) ?? throwErr(`no data key for ${scope}`);
    return open(key, sealed, `${scope}|${aad}`).toString("utf8");
  }

  /** Opens many values of one scope with a single key lookup. */
  async openMany(scope: string, items: Array<{ sealed: string; aad: string }>): Promise<string[]> {
    if (items.length === 0) return [];
    const key = (await this.dataKey(scope, false)) ?? throwErr(`no data key for ${scope}`);
    return items.map((item) => open(key, item.sealed, `${scope}|${item.aad}`).toString("utf8"));
  }

  async forget(scope: string): Promise<void> {
    await this.db.delete(apiDataKeysTable).where(eq(apiDataKeysTable.scope, scope));
  }
}
