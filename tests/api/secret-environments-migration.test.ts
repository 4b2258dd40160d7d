import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecrets, secretRows, secretScope } from "../../server/api/lib/secrets/app-secrets.ts";
import { versionsOf, writeSecrets } from "../../server/api/lib/secrets/secret-versions.ts";
import * as schema from "../../server/db/schema/index.ts";
import { MIGRATIONS_DIR, readJournal } from "../../server/db/schema-version.ts";
import type { Db } from "../../server/db/store.ts";
import { masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { Vault } from "../../server/lib/vault.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { testStoreKind } from "../helpers/test-server.ts";

/**
 * The environments migration (and the versions one after it) on a store populated as the version
 * before left one: two apps (one with secrets sealed as they were then, one with none) and a service
 * token. Applied statement by statement, exactly as drizzle's migrator runs a file.
 */
const TAG_SUFFIX = "_secret_environments";

interface Raw {
  exec(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  db: Db;
  close(): Promise<void>;
}

async function openRaw(): Promise<Raw> {
  if (testStoreKind() === "pglite") {
    const client = await PGlite.create();
    return {
      exec: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
      db: drizzlePglite({ client, schema }) as unknown as Db,
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase("mig");
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  return {
    exec: async (sql, params) => (await pool.query(sql, params)).rows,
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

async function apply(raw: Raw, tag: string): Promise<void> {
  const text = readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await raw.exec(statement);
  }
}

let raw: Raw;
let vault: Vault;
const tags = readJournal().entries.map((e) => e.tag);
const target = tags.findIndex((tag) => tag.endsWith(TAG_SUFFIX));

beforeAll(async () => {
  raw = await openRaw();
  for (const tag of tags.slice(0, target)) await apply(raw, tag);
  vault = new Vault(raw.db, masterKeyFromBytes(randomBytes(32)));
}, 120_000);
afterAll(async () => {
  await raw?.close();
});

describe("the environments migration", () => {
  it("gives every app three environments, makes its secrets development's values and its tokens development's", async () => {
    expect(target).toBeGreaterThan(0);
    const [full] = await raw.exec("INSERT INTO apps (owner_id, title) VALUES ('user-1', 'Full') RETURNING id");
    const [empty] = await raw.exec("INSERT INTO apps (owner_id, title) VALUES ('user-2', 'Empty') RETURNING id");
    const appId = String(full?.id);
    const emptyId = String(empty?.id);
    for (const { key, value } of AWKWARD) {
      // Sealed as the version before sealed them: bound to the app's scope and the key alone.
      const sealed = await vault.seal(secretScope(appId), value, `secret:${key}`);
      await raw.exec("INSERT INTO app_secrets (app_id, key, ciphertext) VALUES ($1, $2, $3)", [appId, key, sealed]);
    }
    await raw.exec(
      "INSERT INTO app_service_tokens (app_id, name, secret_hash, last_four, created_by) VALUES ($1, 'ci', 'h', 'abcd', 'user-1')",
      [appId],
    );

    await apply(raw, tags[target] ?? "");

    const envs = await raw.exec(
      "SELECT app_id, slug, name, position FROM app_environments ORDER BY app_id = $1 DESC, position",
      [appId],
    );
    const expected = [
      ["development", "Development", 0],
      ["staging", "Staging", 1],
      ["production", "Production", 2],
    ];
    expect(envs.map((e) => [e.app_id, e.slug, e.name, e.position])).toEqual([
      ...expected.map((e) => [appId, ...e]),
      ...expected.map((e) => [emptyId, ...e]),
    ]);
    const [dev] = await raw.exec("SELECT id FROM app_environments WHERE app_id = $1 AND slug = 'development'", [appId]);
    const devId = String(dev?.id);

    const rows = await secretRows(raw.db, devId);
    expect(rows.map((r) => [r.key, r.version])).toEqual(
      AWKWARD.map((e) => [e.key, 0]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await raw.exec("SELECT count(*)::int AS n FROM app_secrets WHERE environment_id <> $1", [devId])).toEqual([
      { n: 0 },
    ]);
    // Byte for byte: each migrated value opens under the binding it was sealed with.
    const opened = new Map((await openSecrets(vault, appId, rows)).map((s) => [s.key, s.decryptedValue]));
    for (const { key, value } of AWKWARD) expect(opened.get(key)).toBe(value);

    const tokens = await raw.exec("SELECT environment_id FROM app_service_tokens WHERE app_id = $1", [appId]);
    expect(tokens).toEqual([{ environment_id: devId }]);

    // The versions migration after it starts each key's history with the value it has (same ciphertext).
    for (const tag of tags.slice(target + 1)) await apply(raw, tag);
    const [first] = AWKWARD;
    if (!first) throw new Error("no awkward values");
    const history = await versionsOf(raw.db, devId, first.key);
    expect(history.map((h) => [h.version, h.via, h.actorKind, h.ciphertext])).toEqual([
      [0, "migration", "system", rows.find((r) => r.key === first.key)?.ciphertext],
    ]);

    // The next write of a migrated key is version 1, bound to its environment.
    const seal = await vault.sealer(secretScope(appId));
    const actor = { kind: "user" as const, id: "user-1", label: "a@example.com" };
    await raw.db.transaction(async (tx) => {
      await writeSecrets(tx, seal, { appId, environmentId: devId, actor, via: "browser" }, [
        { key: first.key, value: "new" },
      ]);
    });
    const after = await secretRows(raw.db, devId);
    expect(after.find((r) => r.key === first.key)?.version).toBe(1);
    const reopened = await openSecrets(vault, appId, after);
    expect(reopened.find((s) => s.key === first.key)?.decryptedValue).toBe("new");
    expect((await versionsOf(raw.db, devId, first.key)).map((h) => h.version)).toEqual([1, 0]);
  });
});
