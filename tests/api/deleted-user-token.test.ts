import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrors } from "../../server/contract/api-errors.ts";
import { appProjectOf, createTestUser, serverHeaders, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/**
 * A user deleted at the auth service keeps an access token that passes the signature check until it
 * expires (as with Stack). Every signed-in route answers that token with a coded 4xx, never the
 * auth service's failure as a 502 (the hostile-input test, seed 1359843854, found the admin routes
 * doing so; seven more did: the app and database lists, teams, accepting an invitation, leaving and
 * deleting a team, and /auth/verify, after making a first database).
 */

const operatorEmail = `ops-${randomUUID()}@example.com`;
const ANY_ID = "00000000-0000-4000-8000-000000000000";

let server: TestServer;
/** An operator by ADMIN_EMAILS with an app, a team and a database, deleted after they were made. */
let gone: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail } });
  const keys = await appProjectOf(server);
  gone = await createTestUser(server, { email: operatorEmail, verified: true });
  const team = await server.request("/auth/api/v1/teams", {
    method: "POST",
    headers: serverHeaders(keys),
    body: JSON.stringify({ display_name: "Left behind", creator_user_id: gone.userId }),
  });
  ids.teamId = ((await team.json()) as { id: string }).id;
  ids.appId = (await api<{ id: string }>(server, gone.accessToken, "POST", "/apps", { title: "Left" })).data.id;
  const db = await api<{ id: string }>(server, gone.accessToken, "POST", "/db", { kind: "managed", name: "left" });
  ids.dbId = db.data.id;
  const deleted = await server.request(`/auth/api/v1/users/${gone.userId}`, {
    method: "DELETE",
    headers: serverHeaders(keys),
  });
  expect(deleted.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("a deleted user's access token", () => {
  it("makes no first database for them", async () => {
    const verify = await api(server, gone.accessToken, "POST", "/auth/verify");
    expect([verify.status, verify.error?.code]).toEqual([401, "INVALID_ACCESS_TOKEN"]);
    const owned = await server.store.query("SELECT name FROM user_databases WHERE owner_id = $1", [gone.userId]);
    expect(owned).toEqual([{ name: "left" }]);
  });

  it("gets a coded 4xx from every signed-in route, and 401 where the auth service no longer knows them", async () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const { method, path } of server.routes) {
      if (!path.startsWith("/api/v1") || method === "ALL" || path.endsWith("*")) continue;
      // The first operator's set-up link and the socket authenticate otherwise.
      if (path.startsWith("/api/v1/setup") || path.startsWith("/api/v1/ws")) continue;
      const key = `${method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const url = path.slice("/api/v1".length).replace(/:(\w+)/g, (_, name: string) => ids[name] ?? ANY_ID);
      const body = ["GET", "HEAD", "DELETE"].includes(method) ? undefined : {};
      const answer = await api(server, gone.accessToken, method, url, body);
      const code = answer.error?.code;
      const coded = code !== undefined && code in apiErrors;
      if (answer.status >= 500 || (answer.status >= 400 && !coded)) {
        wrong.push(`${key} -> ${answer.status} ${answer.text.slice(0, 160)}`);
      }
    }
    expect(seen.size).toBeGreaterThan(80);
    expect(wrong).toEqual([]);
  });

  it("is told it no longer names a user where the answer would have come from the auth service", async () => {
    for (const [method, path] of [
      ["GET", "/apps"],
      ["GET", "/db"],
      ["GET", "/teams"],
      ["GET", "/admin/me"],
      ["GET", "/admin/backups"],
      ["POST", `/teams/${ids.teamId}/leave`],
      ["DELETE", `/teams/${ids.teamId}`],
    ] as const) {
      const answer = await api(server, gone.accessToken, method, path);
      expect([method, path, answer.status, answer.error?.code]).toEqual([method, path, 401, "INVALID_ACCESS_TOKEN"]);
    }
  });
});
