// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { createdServiceTokenSchema } from "../../server/contract/service-tokens.ts";
import type { TeamRole } from "../../server/contract/teams.ts";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/**
 * References in secret values (${KEY}, ${staging.KEY}, ${<app id>.production.KEY}): resolved only on
 * a read for use (a service token's read, `?resolve=true` on read, reveal and export), stored as
 * typed, and refused as a whole with a stable code when one cannot be followed. Roles are cached for
 * 0 ms, so a role change applies at the next request.
 */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let teamOwner: TestUser;
let teamId: string;

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

async function setRole(user: TestUser, role: TeamRole) {
  const set = await api(server, teamOwner.accessToken, "PUT", `/teams/${teamId}/members/${user.userId}/role`, { role });
  expect(set.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  [alice, bob, teamOwner] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  teamId = String((await serverCall("POST", "/teams", { display_name: "Crew", creator_user_id: teamOwner.userId })).id);
  await serverCall("POST", `/team-memberships/${teamId}/${alice.userId}`, {});
  await setRole(alice, "viewer");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Values = Record<string, string>;

/** A new app of `user` (in `team_id` when given) with the values of each environment, as typed. */
async function newApp(user: TestUser, envs: Record<string, Values>, teamIdOf?: string): Promise<string> {
  const created = await api(server, user.accessToken, "POST", "/apps", {
    title: "Refs",
    ...(teamIdOf ? { team_id: teamIdOf } : {}),
  });
  expect(created.status).toBe(201);
  const appId = appSchema.parse(created.data).id;
  for (const [env, values] of Object.entries(envs)) {
    for (const [key, value] of Object.entries(values)) {
      const set = await api(server, user.accessToken, "POST", `/apps/${appId}/secrets?environment=${env}`, {
        key,
        value,
      });
      expect(set.status).toBe(201);
    }
  }
  return appId;
}

const asMap = (data: unknown) =>
  Object.fromEntries((data as Array<{ key: string; decryptedValue: string }>).map((s) => [s.key, s.decryptedValue]));

/** GET /apps/{id}/secrets as `token` (a user's or a service token) with `query`; the pair and status. */
async function read(appId: string, query: string, token: string = alice.accessToken) {
  const answer = await api(server, token, "GET", `/apps/${appId}/secrets${query}`);
  return { status: answer.status, values: answer.error ? null : asMap(answer.data), error: answer.error };
}

async function newToken(appId: string, environment: string, user: TestUser = alice): Promise<string> {
  const answer = await api(server, user.accessToken, "POST", `/apps/${appId}/tokens`, { name: "ci", environment });
  expect(answer.status).toBe(201);
  return createdServiceTokenSchema.parse(answer.data).token;
}

async function exported(appId: string, query: string) {
  const response = await server.request(`/api/v1/apps/${appId}/secrets/export?format=json${query}`, {
    headers: { authorization: `Bearer ${alice.accessToken}` },
  });
  return { status: response.status, body: JSON.parse(await response.text()) as unknown };
}

describe("secret references", () => {
  it("resolve to the same and another environment on a read for use, and are stored as typed", async () => {
    const stored = {
      development: {
        HOST: "db.internal",
        URL: "postgres://${HOST}:${staging.PORT}/app",
        LITERAL: "$${HOST} stays",
        SHELL: "${HOME:-/root} and $$ and ${ HOST }",
      },
      staging: { PORT: "6432", ECHO: "${development.HOST}" },
      production: { P_HOST: "p", P_URL: "${P_HOST}/x", P_LIT: "$${P_HOST}" },
    };
    const appId = await newApp(alice, stored);
    const resolved = {
      HOST: "db.internal",
      LITERAL: "${HOST} stays",
      SHELL: "${HOME:-/root} and $$ and ${ HOST }",
      URL: "postgres://db.internal:6432/app",
    };

    // The plain read, reveal and export answer the values byte for byte as typed.
    expect(await read(appId, "")).toEqual({ status: 200, values: stored.development, error: null });
    const revealed = await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets/reveal`);
    expect(asMap(revealed.data)).toEqual(stored.development);
    expect(await exported(appId, "")).toEqual({ status: 200, body: stored.development });

    // Asked for, each resolves.
    expect(await read(appId, "?resolve=true")).toEqual({ status: 200, values: resolved, error: null });
    expect(await read(appId, "?resolve=false")).toEqual({ status: 200, values: stored.development, error: null });
    const revealedResolved = await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets/reveal?resolve=true`);
    expect([revealedResolved.status, asMap(revealedResolved.data)]).toEqual([200, resolved]);
    expect(await exported(appId, "&resolve=true")).toEqual({ status: 200, body: resolved });
    expect(await read(appId, "?environment=staging&resolve=true")).toEqual({
      status: 200,
      values: { ECHO: "db.internal", PORT: "6432" },
      error: null,
    });

    // A service token always reads for use (within its own environment: see the next case).
    const token = await newToken(appId, "production");
    expect(await read(appId, "", token)).toEqual({
      status: 200,
      values: { P_HOST: "p", P_LIT: "${P_HOST}", P_URL: "p/x" },
      error: null,
    });

    // Resolving wrote nothing: the stored values are still the typed ones.
    expect(await read(appId, "")).toEqual({ status: 200, values: stored.development, error: null });
    expect(await read(appId, "?environment=staging")).toEqual({ status: 200, values: stored.staging, error: null });
    expect(await read(appId, "?environment=production")).toEqual({
      status: 200,
      values: stored.production,
      error: null,
    });

    // The history tells a resolved reveal and export from a plain one.
    const history = auditPageSchema.parse((await api(server, alice.accessToken, "GET", `/apps/${appId}/audit`)).data);
    const reads = history.events
      .filter((e) => e.action === "secrets.revealed" || e.action === "secrets.exported")
      .map((e) => [e.action, e.detail?.resolved ?? false]);
    expect(reads).toEqual([
      ["secrets.exported", true],
      ["secrets.revealed", true],
      ["secrets.exported", false],
      ["secrets.revealed", false],
    ]);
  });

  it("resolve into another app the user may read values of; a token stays within its environment", async () => {
    const other = await newApp(alice, { production: { STRIPE: "sk_live_other" } });
    const appId = await newApp(alice, {
      development: { PAY: `key=\${${other.toUpperCase()}.production.STRIPE}` },
      staging: { LOCAL: "here" },
    });
    expect(await read(appId, "?resolve=true")).toEqual({
      status: 200,
      values: { PAY: "key=sk_live_other" },
      error: null,
    });
    // The other app's history says its values left it, and through which app (never a value).
    const history = async () =>
      auditPageSchema
        .parse((await api(server, alice.accessToken, "GET", `/apps/${other}/audit`)).data)
        .events.filter((e) => e.action === "secrets.referenced")
        .map((e) => [e.actor.kind, e.actor.id, e.detail]);
    expect(await history()).toEqual([["user", alice.userId, { environment: "production", fromApp: appId }]]);

    // A token of this app: another app is beyond it, and so is another environment of its own app.
    const token = await newToken(appId, "development");
    expect(await read(appId, "", token)).toEqual({
      status: 403,
      values: null,
      error: {
        code: "SECRET_REFERENCE_FORBIDDEN",
        message: `PAY: the reference \${${other.toUpperCase()}.production.STRIPE} names values this caller may not read.`,
        details: { key: "PAY", reference: `\${${other.toUpperCase()}.production.STRIPE}` },
      },
    });
    // A read refused after following the reference answers nothing, so the other app records nothing.
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "Z_BROKEN", value: "${NOPE}" });
    expect((await read(appId, "?resolve=true")).error?.code).toBe("SECRET_REFERENCE_MISSING");
    expect(await history()).toHaveLength(1);
    await api(server, alice.accessToken, "DELETE", `/apps/${appId}/secrets/Z_BROKEN`);
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "PAY", value: "${staging.LOCAL}" });
    expect((await read(appId, "", token)).error).toEqual({
      code: "SECRET_REFERENCE_FORBIDDEN",
      message: "PAY: the reference ${staging.LOCAL} names values this caller may not read.",
      details: { key: "PAY", reference: "${staging.LOCAL}" },
    });
    // Its own environment named by its slug is its own.
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, {
      key: "PAY",
      value: "${development.SELF_OK}",
    });
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "SELF_OK", value: "ok" });
    expect(await read(appId, "", token)).toEqual({ status: 200, values: { PAY: "ok", SELF_OK: "ok" }, error: null });
  });

  it("refuse another user's app, an app that does not exist and one where the user is only a viewer", async () => {
    const bobs = await newApp(bob, { production: { K: "bob-secret" } });
    const teams = await newApp(teamOwner, { production: { K: "team-secret" } }, teamId);
    const nowhere = "00000000-0000-4000-8000-000000000000";
    const appId = await newApp(alice, { development: { A: "plain" } });
    const refused = async (target: string) => {
      await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, {
        key: "X",
        value: `\${${target}.production.K}`,
      });
      return read(appId, "?resolve=true");
    };
    for (const target of [bobs, nowhere, teams]) {
      expect(await refused(target)).toEqual({
        status: 403,
        values: null,
        error: {
          code: "SECRET_REFERENCE_FORBIDDEN",
          message: `X: the reference \${${target}.production.K} names values this caller may not read.`,
          details: { key: "X", reference: `\${${target}.production.K}` },
        },
      });
    }
    // As the team's developer, alice may read the team app's values, so the reference resolves.
    await setRole(alice, "developer");
    try {
      expect(await refused(teams)).toEqual({ status: 200, values: { A: "plain", X: "team-secret" }, error: null });
    } finally {
      await setRole(alice, "viewer");
    }
    expect((await refused(teams)).status).toBe(403);
  });

  it("refuse a key or an environment that does not exist, never answering part of the values", async () => {
    const appId = await newApp(alice, {
      development: { A_OK: "fine", B: "x-${NOPE}", C: "${qa.K}" },
      staging: { S: "${GONE}" },
    });
    expect(await read(appId, "?resolve=true")).toEqual({
      status: 422,
      values: null,
      error: {
        code: "SECRET_REFERENCE_MISSING",
        message: "B: the reference ${NOPE} names a key that does not exist.",
        details: { key: "B", reference: "${NOPE}" },
      },
    });
    await api(server, alice.accessToken, "DELETE", `/apps/${appId}/secrets/B`);
    expect((await read(appId, "?resolve=true")).error).toEqual({
      code: "SECRET_REFERENCE_MISSING",
      message: "C: the reference ${qa.K} names a key that does not exist.",
      details: { key: "C", reference: "${qa.K}" },
    });
    // Through another environment: the message says which value holds the broken reference.
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "C", value: "${staging.S}" });
    expect((await read(appId, "?resolve=true")).error?.message).toBe(
      "C: the reference ${GONE} (in staging.S) names a key that does not exist.",
    );
    const token = await newToken(appId, "staging");
    expect(await read(appId, "", token)).toEqual({
      status: 422,
      values: null,
      error: {
        code: "SECRET_REFERENCE_MISSING",
        message: "S: the reference ${GONE} names a key that does not exist.",
        details: { key: "S", reference: "${GONE}" },
      },
    });
    expect((await exported(appId, "&resolve=true")).status).toBe(422);
  });

  it("refuse a cycle: two keys naming each other, and a key naming itself", async () => {
    const appId = await newApp(alice, { development: { A: "${B}", B: "b${A}" } });
    expect(await read(appId, "?resolve=true")).toEqual({
      status: 422,
      values: null,
      error: {
        code: "SECRET_REFERENCE_CYCLE",
        message: "A: the references go round in a circle (A -> B -> A).",
        details: { key: "A", cycle: ["A", "B", "A"] },
      },
    });
    const token = await newToken(appId, "development");
    expect((await read(appId, "", token)).error?.code).toBe("SECRET_REFERENCE_CYCLE");
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "A", value: "a" });
    await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "SELF", value: "${SELF}" });
    expect((await read(appId, "?resolve=true")).error).toEqual({
      code: "SECRET_REFERENCE_CYCLE",
      message: "SELF: the references go round in a circle (SELF -> SELF).",
      details: { key: "SELF", cycle: ["SELF", "SELF"] },
    });
    // The stored values are as typed.
    expect(await read(appId, "")).toEqual({
      status: 200,
      values: { A: "a", B: "b${A}", SELF: "${SELF}" },
      error: null,
    });
  });

  it("need the role that sees values: a viewer and a non-member are refused, bad input is a 400", async () => {
    const teams = await newApp(teamOwner, { development: { K: "v", R: "${K}" } }, teamId);
    expect(await read(teams, "")).toEqual({ status: 200, values: { K: "", R: "" }, error: null });
    const viewer = await read(teams, "?resolve=true");
    expect([viewer.status, viewer.error?.code, viewer.error?.details]).toEqual([
      403,
      "TEAM_ROLE_REQUIRED",
      { role: "developer" },
    ]);
    const reveal = await api(server, alice.accessToken, "POST", `/apps/${teams}/secrets/reveal?resolve=true`);
    expect([reveal.status, reveal.error?.code]).toEqual([403, "TEAM_ROLE_REQUIRED"]);
    const stranger = await read(teams, "?resolve=true", bob.accessToken);
    expect([stranger.status, stranger.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
    expect(await read(teams, "?resolve=true", teamOwner.accessToken)).toEqual({
      status: 200,
      values: { K: "v", R: "v" },
      error: null,
    });
    const bad = await read(teams, "?resolve=yes", teamOwner.accessToken);
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const token = await newToken(teams, "development", teamOwner);
    const tokenBad = await read(teams, "?resolve=true", token);
    expect([tokenBad.status, tokenBad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });
});
