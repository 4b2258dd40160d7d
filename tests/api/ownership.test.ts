import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let appId: string;
let dbId: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  appId = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Alice's" })).data).id;
  await api(server, alice.accessToken, "POST", `/apps/${appId}/secrets`, { key: "TOKEN", value: "alice-only" });
  dbId = verifyResultSchema.parse((await api(server, alice.accessToken, "POST", "/auth/verify")).data).databaseId;
  // The first PGlite database runs initdb: seconds of WASM, a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

describe("another user's objects answer 404 on every route", () => {
  const routes: Array<[string, () => string, unknown, string]> = [
    ["PATCH", () => `/apps/${appId}`, { title: "mine now" }, "APP_NOT_FOUND"],
    ["DELETE", () => `/apps/${appId}`, undefined, "APP_NOT_FOUND"],
    ["GET", () => `/apps/${appId}/secrets`, undefined, "APP_NOT_FOUND"],
    ["POST", () => `/apps/${appId}/secrets`, { key: "TOKEN", value: "overwritten" }, "APP_NOT_FOUND"],
    ["DELETE", () => `/apps/${appId}/secrets/TOKEN`, undefined, "APP_NOT_FOUND"],
    ["POST", () => `/apps/${appId}/secrets/reveal`, undefined, "APP_NOT_FOUND"],
    ["GET", () => `/apps/${appId}/secrets/export`, undefined, "APP_NOT_FOUND"],
    ["POST", () => `/apps/${appId}/secrets/import/preview`, { content: "TOKEN=x" }, "APP_NOT_FOUND"],
    ["POST", () => `/apps/${appId}/secrets/import`, { content: "TOKEN=x", replace: ["TOKEN"] }, "APP_NOT_FOUND"],
    ["GET", () => `/apps/${appId}/tokens`, undefined, "APP_NOT_FOUND"],
    ["POST", () => `/apps/${appId}/tokens`, { name: "stolen" }, "APP_NOT_FOUND"],
    ["DELETE", () => `/apps/${appId}/tokens/${randomUUID()}`, undefined, "APP_NOT_FOUND"],
    ["GET", () => `/apps/${appId}/audit`, undefined, "APP_NOT_FOUND"],
    ["PATCH", () => `/db/${dbId}`, { name: "stolen" }, "DATABASE_NOT_FOUND"],
    ["DELETE", () => `/db/${dbId}`, undefined, "DATABASE_NOT_FOUND"],
    ["GET", () => `/db/${dbId}/schema`, undefined, "DATABASE_NOT_FOUND"],
    ["GET", () => `/db/${dbId}/table/example_tasks`, undefined, "DATABASE_NOT_FOUND"],
    ["POST", () => `/db/${dbId}/execute`, { sql: "DROP TABLE example_tasks" }, "DATABASE_NOT_FOUND"],
    ["POST", () => `/db/${dbId}/cancel`, { executionId: randomUUID() }, "DATABASE_NOT_FOUND"],
  ];
  for (const [method, path, body, code] of routes) {
    it(`${method} ${path().replace(/[0-9a-f-]{36}/g, ":id")}`, async () => {
      const answer = await api(server, bob.accessToken, method, path(), body);
      expect([answer.status, answer.error?.code, answer.data]).toEqual([404, code, null]);
      expect(answer.text).not.toContain("alice-only");
    });
  }

  it("lists show only the caller's objects, and alice's are intact", async () => {
    expect((await api(server, bob.accessToken, "GET", "/apps")).data).toEqual([]);
    expect((await api(server, bob.accessToken, "GET", "/db")).data).toEqual([]);
    const secrets = await api(server, alice.accessToken, "GET", `/apps/${appId}/secrets`);
    expect(secrets.data).toEqual([{ key: "TOKEN", decryptedValue: "alice-only" }]);
    const tasks = await api<{ rowCount: number }>(server, alice.accessToken, "GET", `/db/${dbId}/table/example_tasks`);
    expect(tasks.data.rowCount).toBe(3);
    expect((await api<Array<{ name: string }>>(server, alice.accessToken, "GET", "/db")).data[0]?.name).toBe("default");
  });

  it("ids that are not UUIDs are simply not found", async () => {
    for (const path of ["/apps/not-a-uuid/secrets", "/db/1%27%20OR%201=1/schema"]) {
      const answer = await api(server, alice.accessToken, "GET", path);
      expect(answer.status).toBe(404);
    }
  });
});
