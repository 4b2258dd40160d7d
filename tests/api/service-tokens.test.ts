import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { createdServiceTokenSchema, serviceTokenSchema } from "../../server/contract/service-tokens.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

// TRUST_PROXY lets the rate-limit test speak from an address of its own.
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function newApp(user: TestUser, title: string, secrets: Record<string, string> = {}): Promise<string> {
  const app = appSchema.parse((await api(server, user.accessToken, "POST", "/apps", { title })).data);
  for (const [key, value] of Object.entries(secrets)) {
    await api(server, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key, value });
  }
  return app.id;
}

async function newToken(user: TestUser, appId: string, body: Record<string, unknown> = { name: "ci" }) {
  const answer = await api(server, user.accessToken, "POST", `/apps/${appId}/tokens`, body);
  expect(answer.status).toBe(201);
  return createdServiceTokenSchema.parse(answer.data);
}

/** A call as a machine would make it: only the service token, as a bearer. */
const asToken = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api(server, token, method, path, body, headers);

describe("service tokens", () => {
  it("are shown once, listed by name and last four, and read their app's secrets", async () => {
    const appId = await newApp(alice, "Tokens", { API_KEY: "sk_live_1", PEM: "line1\nline2\n" });
    const created = await newToken(alice, appId, { name: "  deploy  " });
    expect(created.name).toBe("deploy");
    expect(created.token).toMatch(/^console_st_[0-9a-f]{32}_[0-9a-f]{64}$/);
    expect(created.lastFour).toBe(created.token.slice(-4));
    expect(created).toMatchObject({ expiresAt: null, lastUsedAt: null });

    const list = await api<unknown[]>(server, alice.accessToken, "GET", `/apps/${appId}/tokens`);
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.text).not.toContain(created.token.slice(11, -4));
    expect(list.data.map((t) => serviceTokenSchema.strict().parse(t).id)).toEqual([created.id]);

    const read = await asToken(created.token, "GET", `/apps/${appId}/secrets`);
    expect([read.status, read.headers.get("cache-control")]).toEqual([200, "no-store"]);
    expect(read.data).toEqual([
      { key: "API_KEY", decryptedValue: "sk_live_1" },
      { key: "PEM", decryptedValue: "line1\nline2\n" },
    ]);

    const after = await api<Array<{ lastUsedAt: string | null }>>(
      server,
      alice.accessToken,
      "GET",
      `/apps/${appId}/tokens`,
    );
    expect(Date.parse(after.data[0]?.lastUsedAt ?? "")).toBeGreaterThan(Date.parse(created.createdAt) - 1000);

    const history = auditPageSchema.parse((await api(server, alice.accessToken, "GET", `/apps/${appId}/audit`)).data);
    expect(history.events.slice(0, 2).map((e) => [e.action, e.subject, e.actor.kind, e.actor.label])).toEqual([
      ["secrets.pulled", "deploy", "token", "deploy"],
      ["token.created", "deploy", "user", alice.email],
    ]);
  });

  it("are kept only as a SHA-256 of their secret, and never logged", async () => {
    const appId = await newApp(alice, "Hashing", { K: "v" });
    const { id, token } = await newToken(alice, appId);
    await asToken(token, "GET", `/apps/${appId}/secrets`);
    const rows = await server.store.query<Record<string, unknown>>("SELECT * FROM app_service_tokens WHERE id = $1", [
      id,
    ]);
    const secret = token.split("_").at(-1) ?? "";
    expect(rows[0]?.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(server.logs.join("\n")).not.toContain(secret);
  });

  it("read only their own app: another app, another user's app, any other route answer 401 with a code", async () => {
    const mine = await newApp(alice, "Mine", { K: "mine" });
    const other = await newApp(alice, "Other", { K: "other" });
    const bobs = await newApp(bob, "Bob's", { K: "bob" });
    const { token } = await newToken(alice, mine);

    for (const appId of [other, bobs, "not-a-uuid"]) {
      const answer = await asToken(token, "GET", `/apps/${appId}/secrets`);
      expect([answer.status, answer.error?.code, answer.data]).toEqual([401, "SERVICE_TOKEN_WRONG_APP", null]);
    }
    const elsewhere: Array<[string, string, unknown?]> = [
      ["GET", "/apps"],
      ["GET", `/apps/${mine}/tokens`],
      ["POST", `/apps/${mine}/tokens`, { name: "escalate" }],
      ["POST", `/apps/${mine}/secrets`, { key: "K", value: "overwritten" }],
      ["DELETE", `/apps/${mine}/secrets/K`],
      ["POST", `/apps/${mine}/secrets/reveal`],
      ["GET", `/apps/${mine}/secrets/export`],
      ["GET", `/apps/${mine}/audit`],
      ["DELETE", `/apps/${mine}`],
      ["GET", "/db"],
    ];
    for (const [method, path, body] of elsewhere) {
      const answer = await asToken(token, method, path, body);
      expect([method, path, answer.status, answer.error?.code]).toEqual([
        method,
        path,
        401,
        "SERVICE_TOKEN_NOT_ALLOWED",
      ]);
    }
    // In another header than Authorization it is no access token either.
    const header = await api(server, null, "GET", `/apps/${mine}/secrets`, undefined, {
      "x-stack-access-token": token,
    });
    expect([header.status, header.error?.code]).toEqual([401, "SERVICE_TOKEN_NOT_ALLOWED"]);
    const kept = await api(server, alice.accessToken, "GET", `/apps/${mine}/secrets`);
    expect(kept.data).toEqual([{ key: "K", decryptedValue: "mine" }]);
  });

  it("stop at once when revoked, and when expired", async () => {
    const appId = await newApp(alice, "Revoke", { K: "v" });
    const revoked = await newToken(alice, appId, { name: "old" });
    const expiring = await newToken(alice, appId, {
      name: "soon",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(Date.parse(expiring.expiresAt ?? "")).toBeGreaterThan(Date.now());
    expect((await asToken(expiring.token, "GET", `/apps/${appId}/secrets`)).status).toBe(200);

    const del = await api(server, alice.accessToken, "DELETE", `/apps/${appId}/tokens/${revoked.id}`);
    expect(del).toMatchObject({ status: 200, data: { id: revoked.id, revoked: true } });
    const refused = await asToken(revoked.token, "GET", `/apps/${appId}/secrets`);
    expect([refused.status, refused.error?.code]).toEqual([401, "SERVICE_TOKEN_REVOKED"]);
    const again = await api(server, alice.accessToken, "DELETE", `/apps/${appId}/tokens/${revoked.id}`);
    expect([again.status, again.error?.code]).toEqual([404, "SERVICE_TOKEN_NOT_FOUND"]);
    const list = await api<Array<{ id: string }>>(server, alice.accessToken, "GET", `/apps/${appId}/tokens`);
    expect(list.data.map((t) => t.id)).toEqual([expiring.id]);

    // Time passes: the expiry is moved into the past rather than waited for.
    await server.store.query("UPDATE app_service_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expiring.id,
    ]);
    const expired = await asToken(expiring.token, "GET", `/apps/${appId}/secrets`);
    expect([expired.status, expired.error?.code]).toEqual([401, "SERVICE_TOKEN_EXPIRED"]);

    const history = auditPageSchema.parse((await api(server, alice.accessToken, "GET", `/apps/${appId}/audit`)).data);
    expect(history.events.map((e) => e.action)).toContain("token.revoked");

    // Deleting the app ends its tokens too.
    const live = await newToken(alice, appId, { name: "live" });
    await api(server, alice.accessToken, "DELETE", `/apps/${appId}`);
    expect((await asToken(live.token, "GET", `/apps/${appId}/secrets`)).error?.code).toBe("SERVICE_TOKEN_REVOKED");
  });

  it("refuse forged and malformed tokens, and bad input on creation", async () => {
    const appId = await newApp(alice, "Forged", { K: "v" });
    const { token } = await newToken(alice, appId);
    const forged = `${token.slice(0, -8)}00000000`;
    for (const bad of [
      forged,
      "console_st_short",
      `${token}x`,
      token.toUpperCase().replace("CONSOLE_ST_", "console_st_"),
    ]) {
      const answer = await asToken(bad, "GET", `/apps/${appId}/secrets`);
      expect([answer.status, answer.error?.code]).toEqual([401, "INVALID_SERVICE_TOKEN"]);
    }
    const cases: unknown[] = [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: "ok", expiresAt: "tomorrow" },
      { name: "ok", expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { name: "ok", extra: true },
    ];
    for (const body of cases) {
      const answer = await api(server, alice.accessToken, "POST", `/apps/${appId}/tokens`, body);
      expect([JSON.stringify(body), answer.status, answer.error?.code]).toEqual([
        JSON.stringify(body),
        400,
        "SCHEMA_ERROR",
      ]);
    }
    const notUuid = await api(server, alice.accessToken, "DELETE", `/apps/${appId}/tokens/nope`);
    expect([notUuid.status, notUuid.error?.code]).toEqual([404, "SERVICE_TOKEN_NOT_FOUND"]);
  });

  it("another user cannot list, create or revoke them", async () => {
    const appId = await newApp(alice, "Private");
    const { id } = await newToken(alice, appId);
    for (const [method, path, body] of [
      ["GET", `/apps/${appId}/tokens`, undefined],
      ["POST", `/apps/${appId}/tokens`, { name: "bob's" }],
      ["DELETE", `/apps/${appId}/tokens/${id}`, undefined],
    ] as const) {
      const answer = await api(server, bob.accessToken, method, path, body);
      expect([answer.status, answer.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
    }
    const list = await api<unknown[]>(server, alice.accessToken, "GET", `/apps/${appId}/tokens`);
    expect(list.data).toHaveLength(1);
  });

  it("are rate-limited per client address: failures first, with Retry-After", async () => {
    const appId = await newApp(alice, "Limits", { K: "v" });
    const { token } = await newToken(alice, appId);
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const forged = `${token.slice(0, -8)}00000000`;
    for (let i = 0; i < 20; i++) {
      const answer = await asToken(forged, "GET", `/apps/${appId}/secrets`, undefined, from("203.0.113.9"));
      expect(answer.error?.code).toBe("INVALID_SERVICE_TOKEN");
    }
    const limited = await asToken(token, "GET", `/apps/${appId}/secrets`, undefined, from("203.0.113.9"));
    expect([limited.status, limited.error?.code]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await asToken(token, "GET", `/apps/${appId}/secrets`, undefined, from("203.0.113.10"));
    expect(elsewhere.status).toBe(200);
  });
});
