import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";

// Migration 0039 makes an address once per account unique; a store from before it may hold the same
// address twice on one account (two identical adds at the same moment). Its statements run here on the
// real table, with the index taken away first so that such rows can be written again.
const statements = readFileSync(
  new URL("../../server/db/migrations/0039_contact_channel_once_per_user.sql", import.meta.url),
  "utf8",
).split("--> statement-breakpoint");

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe(`migration 0039, an address once per account (${testStoreKind()})`, () => {
  it("keeps one row of each repeated address, the primary or sign-in one first, and its verification", async () => {
    const [row] = await server.store.query<{ project_id: string }>(
      "SELECT project_id FROM auth_contact_channels WHERE user_id = $1 LIMIT 1",
      [user.userId],
    );
    const projectId = row?.project_id;
    await server.store.query("DROP INDEX auth_contact_channels_user_value_uq");
    const add = (value: string, flags: { primary?: boolean; auth?: boolean; verified?: boolean }, at: string) =>
      server.store.query(
        `INSERT INTO auth_contact_channels (project_id, user_id, value, is_primary, used_for_auth, is_verified, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [projectId, user.userId, value, flags.primary ?? false, flags.auth ?? false, flags.verified ?? false, at],
      );
    // a: a plain older copy, a verified one, and the sign-in one (kept, and verified from the group).
    await add("a@example.com", {}, "2026-01-01T00:00:00Z");
    await add("a@example.com", { verified: true }, "2026-01-02T00:00:00Z");
    const [signIn] = await add("a@example.com", { auth: true }, "2026-01-03T00:00:00Z");
    // b: three plain copies: the oldest is kept, unverified.
    const [oldest] = await add("b@example.com", {}, "2026-01-01T00:00:00Z");
    await add("b@example.com", {}, "2026-01-02T00:00:00Z");
    await add("b@example.com", {}, "2026-01-03T00:00:00Z");
    const before = await server.store.query("SELECT count(*)::int AS n FROM auth_contact_channels");

    for (const statement of statements) await server.store.query(statement);

    const kept = await server.store.query<{ id: string; value: string; used_for_auth: boolean; is_verified: boolean }>(
      `SELECT id, value, used_for_auth, is_verified FROM auth_contact_channels
        WHERE user_id = $1 AND value IN ('a@example.com', 'b@example.com') ORDER BY value`,
      [user.userId],
    );
    expect(kept).toEqual([
      { id: (signIn as { id: string }).id, value: "a@example.com", used_for_auth: true, is_verified: true },
      { id: (oldest as { id: string }).id, value: "b@example.com", used_for_auth: false, is_verified: false },
    ]);
    const after = await server.store.query("SELECT count(*)::int AS n FROM auth_contact_channels");
    expect((before[0] as { n: number }).n - (after[0] as { n: number }).n).toBe(4);
    // The index is back, and holds.
    await expect(add("b@example.com", {}, "2026-01-04T00:00:00Z")).rejects.toThrow(
      /auth_contact_channels_user_value_uq/,
    );
  });
});
