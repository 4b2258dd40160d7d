import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import {
  rollbackResultSchema,
  type SecretVersion,
  secretVersionSchema,
} from "../../server/contract/secret-versions.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

// Three versions per key are kept beyond the (default) 90 days: the retention test backdates rows.
beforeAll(async () => {
  server = await startTestServer({ env: { SECRET_VERSIONS_KEEP_COUNT: "3" } });
  [alice, bob] = await Promise.all([
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
  return appSchema.parse((await call("POST", "/apps", { title })).data).id;
}

async function versions(appId: string, key: string, query = ""): Promise<SecretVersion[]> {
  const answer = await call<unknown[]>("GET", `/apps/${appId}/secrets/${key}/versions${query}`);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer.data.map((v) => secretVersionSchema.strict().parse(v));
}

const values = async (appId: string, query = "") => {
  const answer = await call<Array<{ key: string; decryptedValue: string }>>("GET", `/apps/${appId}/secrets${query}`);
  return Object.fromEntries(answer.data.map((s) => [s.key, s.decryptedValue]));
};

describe("secret versions", () => {
  it("keep every value with who, when and how; an old value is revealed and restored as a new version", async () => {
    const appId = await newApp("History");
    const pem = AWKWARD[0]?.value ?? "";
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: pem });
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: "second" });
    await call("POST", `/apps/${appId}/secrets/import`, { content: "A=third\n", replace: ["A"] });
    await call("DELETE", `/apps/${appId}/secrets/A`);

    const list = await versions(appId, "A");
    expect(list.map((v) => [v.version, v.via, v.deleted, v.current, v.actor.kind, v.actor.label])).toEqual([
      [4, "browser", true, false, "user", alice.email],
      [3, "import", false, false, "user", alice.email],
      [2, "browser", false, false, "user", alice.email],
      [1, "browser", false, false, "user", alice.email],
    ]);
    expect(JSON.stringify(list)).not.toContain("second");

    const first = await call("POST", `/apps/${appId}/secrets/A/versions/1/reveal`);
    expect([first.status, first.data]).toEqual([200, { key: "A", version: 1, decryptedValue: pem }]);
    for (const version of ["4", "99", "x", "-1"]) {
      const missing = await call("POST", `/apps/${appId}/secrets/A/versions/${version}/reveal`);
      expect([version, missing.status, missing.error?.code]).toEqual([version, 404, "SECRET_VERSION_NOT_FOUND"]);
    }

    const restored = await call("POST", `/apps/${appId}/secrets/A/versions/1/restore`);
    expect([restored.status, restored.data]).toEqual([200, { key: "A", version: 5, restoredFrom: 1 }]);
    expect(await values(appId)).toEqual({ A: pem });
    const after = await versions(appId, "A");
    expect(after.slice(0, 1).map((v) => [v.version, v.via, v.current])).toEqual([[5, "rollback", true]]);

    const history = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit`)).data);
    expect(history.events.slice(0, 2).map((e) => [e.action, e.subject, e.detail])).toEqual([
      ["secret.restored", "A", { environment: "development", from: 1, version: 5 }],
      ["secret.version_revealed", "A", { environment: "development", version: 1 }],
    ]);
    expect(JSON.stringify(history)).not.toContain("second");
  });

  it("are per environment; unknown keys, environments and other users' apps are refused by code", async () => {
    const appId = await newApp("Per env");
    await call("POST", `/apps/${appId}/secrets?environment=staging`, { key: "K", value: "s1" });
    await call("POST", `/apps/${appId}/secrets?environment=staging`, { key: "K", value: "s2" });
    await call("POST", `/apps/${appId}/secrets`, { key: "K", value: "d1" });
    expect((await versions(appId, "K", "?environment=staging")).map((v) => v.version)).toEqual([2, 1]);
    expect((await versions(appId, "K")).map((v) => v.version)).toEqual([1]);
    const staged = await call("POST", `/apps/${appId}/secrets/K/versions/1/reveal?environment=staging`);
    expect(staged.data).toEqual({ key: "K", version: 1, decryptedValue: "s1" });

    const none = await call("GET", `/apps/${appId}/secrets/NOPE/versions`);
    expect([none.status, none.error?.code]).toEqual([404, "SECRET_NOT_FOUND"]);
    const env = await call("GET", `/apps/${appId}/secrets/K/versions?environment=nope`);
    expect([env.status, env.error?.code]).toEqual([404, "ENVIRONMENT_NOT_FOUND"]);
    for (const [method, path] of [
      ["GET", `/apps/${appId}/secrets/K/versions`],
      ["POST", `/apps/${appId}/secrets/K/versions/1/reveal`],
      ["POST", `/apps/${appId}/secrets/K/versions/1/restore`],
      ["POST", `/apps/${appId}/environments/development/rollback`],
    ] as const) {
      const body = path.endsWith("rollback") ? { at: new Date().toISOString() } : undefined;
      const bobs = await call(method, path, body, bob.accessToken);
      expect([path, bobs.status, bobs.error?.code]).toEqual([path, 404, "APP_NOT_FOUND"]);
    }
    expect(await values(appId, "?environment=staging")).toEqual({ K: "s2" });
  });

  it("roll an environment back to a point in time in one go, itself a version that can be rolled back", async () => {
    const appId = await newApp("Rollback");
    const url = (env = "development") => `/apps/${appId}/environments/${env}/rollback`;
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: "a1" });
    await call("POST", `/apps/${appId}/secrets`, { key: "B", value: "b1" });
    await call("POST", `/apps/${appId}/secrets?environment=staging`, { key: "S", value: "untouched" });
    // The point in time: when B's first version was made (the state then is A=a1, B=b1).
    const at = (await versions(appId, "B"))[0]?.createdAt ?? "";
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: "a2" });
    await call("DELETE", `/apps/${appId}/secrets/B`);
    await call("POST", `/apps/${appId}/secrets`, { key: "C", value: "c1" });
    const before = (await versions(appId, "C"))[0]?.createdAt ?? "";
    expect(await values(appId)).toEqual({ A: "a2", C: "c1" });

    const back = await call("POST", url(), { at });
    expect(back.status, back.text).toBe(200);
    expect(rollbackResultSchema.parse(back.data)).toEqual({
      at: new Date(at).toISOString(),
      restored: ["A", "B"],
      deleted: ["C"],
      unchanged: 0,
    });
    expect(await values(appId)).toEqual({ A: "a1", B: "b1" });
    expect(await values(appId, "?environment=staging")).toEqual({ S: "untouched" });
    expect((await versions(appId, "A")).map((v) => [v.version, v.via, v.current])).toEqual([
      [3, "rollback", true],
      [2, "browser", false],
      [1, "browser", false],
    ]);

    // Undone by rolling back to just before the rollback.
    const undo = await call("POST", url(), { at: before });
    expect(rollbackResultSchema.parse(undo.data)).toMatchObject({ restored: ["A", "C"], deleted: ["B"] });
    expect(await values(appId)).toEqual({ A: "a2", C: "c1" });
    const again = await call("POST", url(), { at: before });
    expect(rollbackResultSchema.parse(again.data)).toMatchObject({ restored: [], deleted: [], unchanged: 2 });

    const history = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit`)).data);
    expect(history.events[0]?.action).toBe("environment.rolled_back");
    expect(history.events[0]?.detail).toMatchObject({ restored: 0, deleted: 0 });

    const future = await call("POST", url(), { at: new Date(Date.now() + 3_600_000).toISOString() });
    expect([future.status, future.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    const old = await call("POST", url(), { at: new Date(Date.now() - 91 * 86_400_000).toISOString() });
    expect([old.status, old.error?.code, old.error?.details]).toEqual([
      400,
      "SECRET_ROLLBACK_TOO_OLD",
      { keepDays: 90 },
    ]);
    const unknown = await call("POST", url("nope"), { at });
    expect([unknown.status, unknown.error?.code]).toEqual([404, "ENVIRONMENT_NOT_FOUND"]);
    for (const body of [{}, { at: "yesterday" }, { at, extra: 1 }]) {
      expect((await call("POST", url(), body)).error?.code).toBe("SCHEMA_ERROR");
    }
  });

  it("are kept 90 days or the last N of a key, whichever keeps more, and the one in effect at the cutoff", async () => {
    const appId = await newApp("Retention");
    for (let i = 1; i <= 6; i++) await call("POST", `/apps/${appId}/secrets`, { key: "R", value: `r${i}` });
    await call("POST", `/apps/${appId}/secrets`, { key: "GONE", value: "g1" });
    await call("DELETE", `/apps/${appId}/secrets/GONE`);
    // Recent versions all stay, however many.
    expect((await versions(appId, "R")).map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    await server.store.query(
      "UPDATE app_secret_versions SET created_at = now() - interval '100 days' WHERE app_id = $1",
      [appId],
    );
    await call("POST", `/apps/${appId}/secrets`, { key: "R", value: "r7" });
    // The last 3 of R stay (7, 6, 5); 6 was in effect at the cutoff anyway; 4 and older are gone.
    expect((await versions(appId, "R")).map((v) => v.version)).toEqual([7, 6, 5]);
    // A deleted key keeps its versions within the count.
    expect((await versions(appId, "GONE")).map((v) => [v.version, v.deleted])).toEqual([
      [2, true],
      [1, false],
    ]);
    const gone = await call("POST", `/apps/${appId}/secrets/R/versions/4/reveal`);
    expect(gone.error?.code).toBe("SECRET_VERSION_NOT_FOUND");
  });

  it("the list of versions carries no value", async () => {
    const appId = await newApp("Viewer");
    await call("POST", `/apps/${appId}/secrets`, { key: "V", value: "hidden-value" });
    const list = await call("GET", `/apps/${appId}/secrets/V/versions`);
    expect(list.text).not.toContain("hidden-value");
  });
});
