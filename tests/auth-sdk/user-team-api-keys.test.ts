import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import type { StackAdminApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import {
  adminApp,
  appProjectOf,
  clientApp,
  createTestUser,
  DIALECTS,
  type Dialect,
  serverApp,
} from "../helpers/stack-apps.ts";
import { knownError, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
let admin: StackAdminApp;

async function allowKeys(user: boolean, team: boolean) {
  await (await admin.getProject()).update({ config: { allowUserApiKeys: user, allowTeamApiKeys: team } });
}

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  admin = await adminApp(server);
  await allowKeys(true, true);
});
afterAll(async () => {
  await server?.close();
});

/**
 * The parts of a key value in the SDKs' format: prefix, 45 random characters, the key's id without
 * dashes, its kind, a flag character (1 self-hosted secret, 3 self-hosted public), the scanners'
 * marker and a CRC-32 (hex) of all that precedes it.
 */
function keyParts(value: string) {
  const m = /^(sk|pk)_([0-9a-z]{45})([0-9a-f]{32})(user|team)([0-9a-v])574ck4u7h([0-9a-f]{8})$/.exec(value);
  if (!m) throw new Error(`not a key in the SDK format: ${value.slice(0, 12)}…`);
  const [, prefix, , idHex, kind, flag, checksum] = m as unknown as string[];
  const id = (idHex ?? "").replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
  const expected = crc32(value.slice(0, -8)).toString(16).padStart(8, "0");
  return { prefix, id, kind, flag, checksumOk: checksum === expected };
}

async function signedIn(dialect: Dialect) {
  const user = await createTestUser(server, { verified: true });
  const app = await clientApp(server, { dialect, tokens: user });
  return { ...user, app, user: await app.getUser({ or: "throw" }) };
}

describe.each(DIALECTS)("user and team API keys with the %s dialect", (dialect) => {
  it("creates a user key shown once, lists it by its last four, checks it, and refuses it once revoked", async () => {
    const { user, userId } = await signedIn(dialect);
    const created = await user.createApiKey({ description: "deploy bot", expiresAt: null });
    expect(keyParts(created.value)).toEqual({
      prefix: "sk",
      id: created.id,
      kind: "user",
      flag: "1",
      checksumOk: true,
    });
    const [listed, ...rest] = await user.listApiKeys();
    expect(rest).toEqual([]);
    expect(listed?.description).toBe("deploy bot");
    expect(listed?.value.lastFour).toBe(created.value.slice(-4));
    expect(JSON.stringify(listed)).not.toContain(created.value);

    const server_ = await serverApp(server, { dialect });
    expect((await server_.getUser({ apiKey: created.value }))?.id).toBe(userId);
    await listed?.revoke();
    expect((await user.listApiKeys())[0]?.manuallyRevokedAt).toBeInstanceOf(Date);
    expect(await server_.getUser({ apiKey: created.value })).toBeNull();
  });

  it("answers every check failure with its known error", async () => {
    const { user } = await signedIn(dialect);
    const valid = await user.createApiKey({ description: "valid", expiresAt: null });
    const expiring = await user.createApiKey({ description: "soon", expiresAt: new Date(Date.now() + 3_600_000) });
    const check = (kind: "user" | "team", value: string) =>
      stackFetch(server, `/${kind}-api-keys/check`, {
        method: "POST",
        access: "server",
        keys,
        body: { api_key: value },
      });

    expect((await check("user", valid.value)).status).toBe(200);
    const wrongType = await check("team", valid.value);
    expect([wrongType.status, (wrongType.body as { code: string }).code]).toEqual([400, "WRONG_API_KEY_TYPE"]);
    const unknown = await check("user", `sk_${"0".repeat(45)}${randomUUID().replace(/-/g, "")}user1574ck4u7h00000000`);
    expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([404, "API_KEY_NOT_FOUND"]);
    // Time passes: the expiry is moved into the past rather than waited for.
    await server.store.query(
      "update auth_user_team_api_keys set expires_at = now() - interval '1 second' where id = $1",
      [expiring.id],
    );
    const expired = await check("user", expiring.value);
    expect([expired.status, (expired.body as { code: string }).code]).toEqual([401, "API_KEY_EXPIRED"]);
    // A client cannot check keys: that is for the app's backend.
    const asClient = await stackFetch(server, "/user-api-keys/check", {
      method: "POST",
      access: "client",
      keys,
      body: { api_key: valid.value },
    });
    expect((asClient.body as { code: string }).code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });

  it("keeps a user's keys to that user", async () => {
    const a = await signedIn(dialect);
    const b = await signedIn(dialect);
    const key = await a.user.createApiKey({ description: "a's key", expiresAt: null });
    expect(await b.user.listApiKeys()).toEqual([]);
    const read = await stackFetch(server, `/user-api-keys/${key.id}`, {
      method: "GET",
      access: "client",
      keys,
      accessToken: b.accessToken,
    });
    expect(read.status).toBe(403);
    const revoke = await stackFetch(server, `/user-api-keys/${key.id}`, {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: b.accessToken,
      body: { revoked: true },
    });
    expect(revoke.status).toBe(403);
    expect((await a.user.listApiKeys())[0]?.manuallyRevokedAt).toBeFalsy();
    const listOther = await stackFetch(server, `/user-api-keys?user_id=${a.userId}`, {
      method: "GET",
      access: "client",
      keys,
      accessToken: b.accessToken,
    });
    expect(listOther.status).toBe(403);
  });

  it("lets team members manage the team's keys only with $manage_api_keys", async () => {
    const owner = await signedIn(dialect);
    const member = await signedIn(dialect);
    const server_ = await serverApp(server, { dialect });
    const created = await server_.createTeam({
      displayName: `Keys ${randomUUID().slice(0, 6)}`,
      creatorUserId: owner.userId,
    });
    await created.addUser(member.userId);
    await (await server_.getUser(owner.userId))?.grantPermission(created, "$manage_api_keys");

    const team = await owner.user.getTeam(created.id);
    const key = await team?.createApiKey({ description: "ci", expiresAt: null, isPublic: false });
    expect(keyParts(key?.value ?? "")).toEqual({
      prefix: "sk",
      id: key?.id,
      kind: "team",
      flag: "1",
      checksumOk: true,
    });
    expect((await team?.listApiKeys())?.map((k) => k.description)).toEqual(["ci"]);
    expect((await server_.getTeam({ apiKey: key?.value ?? "" }))?.id).toBe(created.id);

    const memberTeam = await member.user.getTeam(created.id);
    await expect(memberTeam?.listApiKeys()).rejects.toMatchObject({ errorCode: "API_KEY_NOT_FOUND" });
    await expect(memberTeam?.createApiKey({ description: "x", expiresAt: null })).rejects.toMatchObject({
      errorCode: "API_KEY_NOT_FOUND",
    });
    // The path needs the key's own team.
    const elsewhere = await stackFetch(server, `/team-api-keys/${key?.id}?team_id=${randomUUID()}`, {
      method: "GET",
      access: "server",
      keys,
    });
    expect((elsewhere.body as { code: string }).code).toBe("API_KEY_NOT_FOUND");
  });
});

describe("whose keys a request names", () => {
  it("a server must name the user to list keys; a key's path takes no other owner's id", async () => {
    const { user, userId, accessToken } = await signedIn("hexclave");
    const created = await user.createApiKey({ description: "mine", expiresAt: null });
    const listAll = await stackFetch(server, "/user-api-keys", { method: "GET", access: "server", keys });
    expect([listAll.status, knownError(listAll)]).toEqual([
      400,
      expect.objectContaining({ code: "SCHEMA_ERROR", error: "user_id is required for user API keys" }),
    ]);
    const named = await stackFetch(server, `/user-api-keys?user_id=${userId}`, {
      method: "GET",
      access: "server",
      keys,
    });
    expect((named.body as { items: Array<{ id: string }> }).items.map((k) => k.id)).toEqual([created.id]);

    const read = (query: string) =>
      stackFetch(server, `/user-api-keys/${created.id}${query}`, {
        method: "GET",
        access: "client",
        keys,
        accessToken,
      });
    expect((await read("")).status).toBe(200);
    const both = await read(`?user_id=${userId}&team_id=some-team-id`);
    expect([both.status, knownError(both).error]).toEqual([
      400,
      `Request validation failed on GET /api/v1/user-api-keys/${created.id}:\n  - query contains unknown properties: team_id`,
    ]);
  });
});

describe("API keys switched off", () => {
  it("refuses every user and team key call with Stack's text", async () => {
    await allowKeys(false, false);
    try {
      const { accessToken } = await createTestUser(server);
      const list = await stackFetch(server, "/user-api-keys?user_id=me", {
        method: "GET",
        access: "client",
        keys,
        accessToken,
      });
      expect([list.status, statusErrorText(list)]).toEqual([400, "User API keys are not enabled for this project."]);
      const check = await stackFetch(server, "/team-api-keys/check", {
        method: "POST",
        access: "server",
        keys,
        body: { api_key: "x" },
      });
      expect([check.status, statusErrorText(check)]).toEqual([400, "Team API keys are not enabled for this project."]);
    } finally {
      await allowKeys(true, true);
    }
  });
});

describe("credential scanning", () => {
  it("revokes a leaked secret key, refuses public ones, and says when a key is unknown", async () => {
    const { user } = await signedIn("hexclave");
    const secret = await user.createApiKey({ description: "leaked", expiresAt: null });
    const open = await user.createApiKey({ description: "public", expiresAt: null, isPublic: true });
    expect(keyParts(open.value)).toEqual({ prefix: "pk", id: open.id, kind: "user", flag: "3", checksumOk: true });
    const revoke = (value: string) =>
      server.request("/auth/api/v1/integrations/credential-scanning/revoke", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: value }),
      });
    expect((await revoke(secret.value)).status).toBe(200);
    const byId = new Map((await user.listApiKeys()).map((k) => [k.id, k]));
    expect(byId.get(secret.id)?.manuallyRevokedAt).toBeInstanceOf(Date);
    const refused = await revoke(open.value);
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
      400,
      "PUBLIC_API_KEY_CANNOT_BE_REVOKED",
    ]);
    expect(byId.get(open.id)?.manuallyRevokedAt).toBeFalsy();
    expect((await revoke("console_user_sk_nothing")).status).toBe(404);
  });
});
