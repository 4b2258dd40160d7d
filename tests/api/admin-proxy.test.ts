import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

const operatorEmail = `ops-${randomUUID()}@example.com`;
const unverifiedOperatorEmail = `ops-unverified-${randomUUID()}@example.com`;

let server: TestServer;
let operator: TestUser;
let unverifiedOperator: TestUser;
let member: TestUser;
let adminKey: string;

/** Calls the proxy raw: its answers are the auth service's, not the app API's pairs. */
async function proxied(token: string | null, method: string, path: string, body?: unknown, headers = {}) {
  const response = await server.request(`/api/v1/admin/auth${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: `${operatorEmail}, ${unverifiedOperatorEmail}` } });
  [operator, unverifiedOperator, member] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { email: unverifiedOperatorEmail, verified: false }),
    createTestUser(server, { verified: true, displayName: "Member Mia" }),
  ]);
  adminKey = (await appProjectOf(server)).superSecretAdminKey;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("GET /admin/me", () => {
  it("names operators and nobody else", async () => {
    expect((await api(server, operator.accessToken, "GET", "/admin/me")).data).toEqual({
      isAdmin: true,
      mail: "outbox",
    });
    expect((await api(server, member.accessToken, "GET", "/admin/me")).data).toEqual({ isAdmin: false });
    // An address in ADMIN_EMAILS proves nothing until it is verified.
    expect((await api(server, unverifiedOperator.accessToken, "GET", "/admin/me")).data).toEqual({ isAdmin: false });
  });

  it("lists who the operator rule names to operators only (for the user list's column)", async () => {
    const listed = await api(server, operator.accessToken, "GET", "/admin/operators");
    // The test server made its first operator through the setup link, as a fresh instance's first run does.
    expect(server.firstOperator?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(listed.data).toEqual({
      firstOperatorId: server.firstOperator?.userId,
      emails: [operatorEmail, unverifiedOperatorEmail],
    });
    const refused = await api(server, member.accessToken, "GET", "/admin/operators");
    expect([refused.status, refused.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
  });

  it("asks signed-out callers to sign in", async () => {
    const answer = await api(server, null, "GET", "/admin/me");
    expect([answer.status, answer.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
  });
});

describe("the admin proxy", () => {
  it("refuses signed-out callers, members and unverified operators before reaching the auth service", async () => {
    const signedOut = await api(server, null, "GET", "/admin/auth/users");
    expect([signedOut.status, signedOut.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
    for (const user of [member, unverifiedOperator]) {
      const answer = await api(server, user.accessToken, "GET", "/admin/auth/users");
      expect([answer.status, answer.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
      expect(answer.text).not.toContain(member.email);
    }
  });

  it("lets an operator search every user and change server metadata", async () => {
    const found = await proxied(operator.accessToken, "GET", `/users?query=${encodeURIComponent(member.email)}`);
    expect(found.status).toBe(200);
    expect(found.json.items.map((u: { id: string }) => u.id)).toEqual([member.userId]);

    const patched = await proxied(operator.accessToken, "PATCH", `/users/${member.userId}`, {
      server_metadata: { plan: "pro" },
    });
    expect([patched.status, patched.json.server_metadata]).toEqual([200, { plan: "pro" }]);
  });

  it("reaches admin-only endpoints without ever showing the admin key", async () => {
    const project = await proxied(operator.accessToken, "GET", "/internal/projects/current");
    expect(project.status).toBe(200);
    expect(project.json.config).toBeTypeOf("object");
    const keys = await proxied(operator.accessToken, "GET", "/internal/api-keys");
    expect(keys.status).toBe(200);
    for (const answer of [project, keys]) expect(answer.text).not.toContain(adminKey);
    expect([...project.headers.keys()].join(",")).not.toMatch(/admin-key|set-cookie/);
  });

  it("passes the auth service's known errors through with their code", async () => {
    const missing = await proxied(operator.accessToken, "GET", `/users/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("USER_NOT_FOUND");
    expect(missing.headers.get("x-stack-known-error")).toBe("USER_NOT_FOUND");
  });

  it("ignores credentials the browser tries to add", async () => {
    const answer = await proxied(operator.accessToken, "GET", "/internal/api-keys", undefined, {
      "x-stack-super-secret-admin-key": "forged",
      "x-stack-access-type": "client",
      "x-stack-project-id": "internal",
    });
    expect(answer.status).toBe(200);
  });

  it("refuses paths that climb out of the auth API and the deletion of the console's own project", async () => {
    for (const path of ["/..%2F..%2Fapps", "/users/%2e%2e", "/users/a%5Cb"]) {
      const answer = await api(server, operator.accessToken, "GET", `/admin/auth${path}`);
      expect([path, answer.status, answer.error?.code]).toEqual([path, 400, "ADMIN_PATH_NOT_ALLOWED"]);
    }
    const deletion = await api(server, operator.accessToken, "DELETE", "/admin/auth/internal/projects/current");
    expect([deletion.status, deletion.error?.code]).toEqual([400, "ADMIN_PATH_NOT_ALLOWED"]);
    expect((await proxied(operator.accessToken, "GET", "/internal/projects/current")).status).toBe(200);
  });
});
