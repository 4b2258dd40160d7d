import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { copyEnvironmentResultSchema } from "../../server/contract/environment-copy.ts";
import { secretVersionSchema } from "../../server/contract/secret-versions.ts";
import type { TeamRole } from "../../server/contract/teams.ts";
import { type UserNotifyMessage, userNotifyMessageSchema } from "../../server/contract/ws.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

// POST /apps/{id}/environments/{target}/copy: values copied on the server, each written key a new
// version "via copy", a differing value replaced only when asked, the history naming keys only.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  [alice, bob, viewer] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const call = <T = unknown>(method: string, path: string, body?: unknown, token = alice.accessToken) =>
  api<T>(server, token, method, path, body);

async function newApp(title: string): Promise<string> {
  const created = await call("POST", "/apps", { title });
  expect(created.status).toBe(201);
  return appSchema.parse(created.data).id;
}

async function put(appId: string, environment: string, key: string, value: string) {
  const answer = await call("POST", `/apps/${appId}/secrets?environment=${environment}`, { key, value });
  expect([key, answer.status]).toEqual([key, answer.status === 201 ? 201 : 200]);
}

const copy = (appId: string, target: string, body: unknown, token?: string) =>
  call("POST", `/apps/${appId}/environments/${target}/copy`, body, token);

const values = async (appId: string, environment: string) => {
  const answer = await call<Array<{ key: string; decryptedValue: string }>>(
    "GET",
    `/apps/${appId}/secrets?environment=${environment}`,
  );
  return Object.fromEntries(answer.data.map((s) => [s.key, s.decryptedValue]));
};

const versions = async (appId: string, environment: string, key: string) => {
  const answer = await call<unknown[]>("GET", `/apps/${appId}/secrets/${key}/versions?environment=${environment}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.data.map((v) => secretVersionSchema.strict().parse(v));
};

const history = async (appId: string) => auditPageSchema.parse((await call("GET", `/apps/${appId}/audit`)).data);

describe("copying values between environments", () => {
  it("copies one key into an environment without it, as a new version made via copy", async () => {
    const appId = await newApp("Copy one");
    await put(appId, "development", "API_URL", "https://dev.example");
    await put(appId, "development", "OTHER", "stays-in-dev");

    const answer = await copy(appId, "staging", { from: "development", keys: ["API_URL"] });
    expect([answer.status, copyEnvironmentResultSchema.strict().parse(answer.data)]).toEqual([
      200,
      { from: "development", to: "staging", created: ["API_URL"], replaced: [], unchanged: [], kept: [] },
    ]);
    expect(await values(appId, "staging")).toEqual({ API_URL: "https://dev.example" });
    expect(await values(appId, "development")).toEqual({ API_URL: "https://dev.example", OTHER: "stays-in-dev" });
    const made = await versions(appId, "staging", "API_URL");
    expect(made.map((v) => [v.version, v.via, v.current, v.deleted, v.actor.kind, v.actor.label])).toEqual([
      [1, "copy", true, false, "user", alice.email],
    ]);
    // The answer carries no value.
    expect(answer.text).not.toContain("dev.example");

    const events = (await history(appId)).events;
    expect(events.slice(0, 1).map((e) => [e.action, e.subject, e.actor.label, e.detail])).toEqual([
      ["environment.copied", "staging", alice.email, { from: "development", created: ["API_URL"], replaced: [] }],
    ]);
    expect(JSON.stringify(events)).not.toContain("dev.example");
  });

  it("copies all missing keys byte for byte and leaves existing ones alone", async () => {
    const appId = await newApp("Copy missing");
    for (const { key, value } of AWKWARD) await put(appId, "development", key, value);
    await put(appId, "production", "PEM", "production's own pem");
    await put(appId, "production", "EMPTY", "");
    await put(appId, "production", "ONLY_PROD", "p");

    const answer = await copy(appId, "production", { from: "development", keys: "missing" });
    expect(answer.status, answer.text).toBe(200);
    const result = copyEnvironmentResultSchema.strict().parse(answer.data);
    const copied = AWKWARD.map((e) => e.key)
      .filter((key) => key !== "PEM" && key !== "EMPTY")
      .sort();
    expect(result).toEqual({
      from: "development",
      to: "production",
      created: copied,
      replaced: [],
      unchanged: ["EMPTY"],
      kept: ["PEM"],
    });
    const expected = Object.fromEntries(AWKWARD.map((e) => [e.key, e.value]));
    expect(await values(appId, "production")).toEqual({
      ...expected,
      PEM: "production's own pem",
      ONLY_PROD: "p",
    });
    for (const { value } of AWKWARD.filter((e) => e.value !== "")) {
      expect(answer.text).not.toContain(JSON.stringify(value).slice(1, -1));
    }
    // PEM keeps its one version; EMPTY was equal, so no second one.
    expect((await versions(appId, "production", "PEM")).map((v) => [v.version, v.via])).toEqual([[1, "browser"]]);
    expect((await versions(appId, "production", "EMPTY")).map((v) => [v.version, v.via])).toEqual([[1, "browser"]]);
    expect((await versions(appId, "production", "UNICODE")).map((v) => [v.version, v.via])).toEqual([[1, "copy"]]);

    // "missing" is the default; nothing left to copy is an answer, not an error, and records nothing.
    const before = (await history(appId)).events.length;
    const again = await copy(appId, "production", { from: "development" });
    expect([again.status, again.data]).toEqual([
      200,
      {
        from: "development",
        to: "production",
        created: [],
        replaced: [],
        unchanged: [...copied, "EMPTY"].sort(),
        kept: ["PEM"],
      },
    ]);
    expect((await history(appId)).events.length).toBe(before);
  });

  it("refuses to replace a different value without replace: true, as a whole, then replaces when asked", async () => {
    const appId = await newApp("Copy replace");
    await put(appId, "staging", "A", "staging-a\nsecond line");
    await put(appId, "staging", "B", "Grüße 東京 🎉");
    await put(appId, "staging", "SAME", "same");
    await put(appId, "production", "A", "production-a");
    await put(appId, "production", "SAME", "same");

    const body = { from: "staging", keys: ["SAME", "B", "A"] };
    const refused = await copy(appId, "production", body);
    expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([
      409,
      "COPY_WOULD_REPLACE",
      { keys: ["A"] },
    ]);
    expect(refused.text).not.toContain("production-a");
    // Nothing was written, not even the key that was new.
    expect(await values(appId, "production")).toEqual({ A: "production-a", SAME: "same" });

    const replaced = await copy(appId, "production", { ...body, replace: true });
    expect([replaced.status, replaced.data]).toEqual([
      200,
      { from: "staging", to: "production", created: ["B"], replaced: ["A"], unchanged: ["SAME"], kept: [] },
    ]);
    expect(await values(appId, "production")).toEqual({
      A: "staging-a\nsecond line",
      B: "Grüße 東京 🎉",
      SAME: "same",
    });
    const a = await versions(appId, "production", "A");
    expect(a.map((v) => [v.version, v.via, v.current])).toEqual([
      [2, "copy", true],
      [1, "browser", false],
    ]);
    // The replaced value is kept as the previous version.
    const previous = await call("POST", `/apps/${appId}/secrets/A/versions/1/reveal?environment=production`);
    expect(previous.data).toEqual({ key: "A", version: 1, decryptedValue: "production-a" });
    expect((await versions(appId, "production", "SAME")).map((v) => v.version)).toEqual([1]);
    // Newest first: the reveal just made, then the copy.
    const [, event] = (await history(appId)).events;
    expect([event?.action, event?.subject, event?.detail]).toEqual([
      "environment.copied",
      "production",
      { from: "staging", created: ["B"], replaced: ["A"] },
    ]);
  });

  it("copies a value with a reference as typed, so it then names the target's key", async () => {
    const appId = await newApp("Copy reference");
    await put(appId, "development", "HOST", "dev.internal");
    await put(appId, "staging", "HOST", "staging.internal");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a reference, stored as typed
    const typed = "https://${HOST}/api";
    await put(appId, "development", "API_URL", typed);
    const answer = await copy(appId, "staging", { from: "development", keys: ["API_URL"] });
    expect([answer.status, (answer.data as { created: string[] }).created]).toEqual([200, ["API_URL"]]);
    expect((await values(appId, "staging")).API_URL).toBe(typed);
    const resolved = await call<Array<{ key: string; decryptedValue: string }>>(
      "GET",
      `/apps/${appId}/secrets?environment=staging&resolve=true`,
    );
    expect(resolved.data.find((s) => s.key === "API_URL")?.decryptedValue).toBe("https://staging.internal/api");
  });

  it("answers unknown environments, keys without a value and bad bodies by code", async () => {
    const appId = await newApp("Copy codes");
    await put(appId, "development", "K", "v");
    const cases: Array<[string, unknown, number, string, unknown]> = [
      ["nope", { from: "development" }, 404, "ENVIRONMENT_NOT_FOUND", { environment: "nope" }],
      ["staging", { from: "nope" }, 404, "ENVIRONMENT_NOT_FOUND", { environment: "nope" }],
      ["staging", { from: "Not A Slug!" }, 404, "ENVIRONMENT_NOT_FOUND", { environment: "Not A Slug!" }],
      ["staging", { from: "staging" }, 400, "COPY_SAME_ENVIRONMENT", undefined],
      [
        "staging",
        { from: "development", keys: ["K", "GONE", "ALSO_GONE"] },
        404,
        "COPY_KEYS_NOT_IN_SOURCE",
        { keys: ["ALSO_GONE", "GONE"] },
      ],
    ];
    for (const [target, body, status, code, details] of cases) {
      const answer = await copy(appId, target, body);
      expect([target, body, answer.status, answer.error?.code, answer.error?.details]).toEqual([
        target,
        body,
        status,
        code,
        details,
      ]);
    }
    for (const body of [
      {},
      { from: "development", keys: [] },
      { from: "development", keys: "all" },
      { from: "development", keys: ["not a key"] },
      { from: "development", replace: "yes" },
      { from: "development", value: "x" },
    ]) {
      const answer = await copy(appId, "staging", body);
      expect([body, answer.status, answer.error?.code]).toEqual([body, 400, "SCHEMA_ERROR"]);
    }
    expect(await values(appId, "staging")).toEqual({});
  });

  it("is refused to a viewer of the team's app and, as a missing app, to a non-member", async () => {
    const serverCall = async (method: string, path: string, body: unknown) => {
      const response = await server.request(`/auth/api/v1${path}`, {
        method,
        headers: serverHeaders(await appProjectOf(server)),
        body: JSON.stringify(body),
      });
      expect(response.ok, await response.clone().text()).toBe(true);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const teamId = String(
      (await serverCall("POST", "/teams", { display_name: "Copiers", creator_user_id: alice.userId })).id,
    );
    await serverCall("POST", `/team-memberships/${teamId}/${viewer.userId}`, {});
    const role: TeamRole = "viewer";
    const set = await call("PUT", `/teams/${teamId}/members/${viewer.userId}/role`, { role });
    expect(set.status).toBe(200);
    const created = await call("POST", "/apps", { title: "Team copy", team_id: teamId });
    const appId = appSchema.parse(created.data).id;
    await put(appId, "development", "TEAM_KEY", "team-value-4c1e");

    const byViewer = await copy(appId, "staging", { from: "development" }, viewer.accessToken);
    expect([byViewer.status, byViewer.error?.code, byViewer.error?.details]).toEqual([
      403,
      "TEAM_ROLE_REQUIRED",
      { role: "developer" },
    ]);
    const byStranger = await copy(appId, "staging", { from: "development" }, bob.accessToken);
    expect([byStranger.status, byStranger.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
    expect(byStranger.text).not.toContain("team-value-4c1e");
    expect(await values(appId, "staging")).toEqual({});
  });

  it("tells the owner's open pages to refetch, without a value", async () => {
    const appId = await newApp("Copy live");
    await put(appId, "development", "LIVE", "live-value-93ab");
    const cookie = `stack-access=${encodeURIComponent(JSON.stringify([alice.refreshToken, alice.accessToken]))}`;
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify`, { headers: { cookie } });
    const messages: UserNotifyMessage[] = [];
    const waiting: Array<{ match: (m: UserNotifyMessage) => boolean; resolve: (m: UserNotifyMessage) => void }> = [];
    ws.on("message", (data) => {
      const message = userNotifyMessageSchema.parse(JSON.parse(String(data)));
      messages.push(message);
      for (const w of waiting.filter((w) => w.match(message))) w.resolve(message);
    });
    const next = (match: (m: UserNotifyMessage) => boolean) =>
      new Promise<UserNotifyMessage>((resolve) => {
        const seen = messages.find(match);
        if (seen) resolve(seen);
        else waiting.push({ match, resolve });
      });
    try {
      await next((m) => m.type === "ready");
      const answer = await copy(appId, "production", { from: "development" });
      expect(answer.status).toBe(200);
      expect(await next((m) => m.type === "store" && m.store === "appSecrets")).toEqual({
        type: "store",
        store: "appSecrets",
        op: "refetch",
        appId,
      });
      expect(JSON.stringify(messages)).not.toContain("live-value-93ab");
    } finally {
      ws.close();
    }
  });
});
