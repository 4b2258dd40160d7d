import { randomUUID } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInternalProjectKeys } from "../../server/auth/stores/projects.ts";
import { handlerUrls, openInternalSignUp, serverHeaders } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Who may create auth projects through the `internal` project, as Stack's dashboard does
 * (PROJECT_CREATION). Issue #16: anyone who signed up there became admin of a project of their own.
 */
const operatorEmail = `operator-${randomUUID()}@example.com`;
const unverifiedOperatorEmail = `operator-unverified-${randomUUID()}@example.com`;
const PASSWORD = "correct-horse-1";

function dashboardApp(server: TestServer) {
  return new StackClientApp({
    projectId: "internal",
    baseUrl: `${server.url}/auth`,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    urls: handlerUrls(server),
  });
}

/** A dashboard user signed up as a visitor would (the address unverified); needs the internal sign-up open. */
async function visitor(server: TestServer, email = `visitor-${randomUUID()}@example.com`) {
  const app = dashboardApp(server);
  const result = await app.signUpWithCredential({
    email,
    password: PASSWORD,
    noRedirect: true,
    noVerificationCallback: true,
  });
  expect(result.status).toBe("ok");
  return app;
}

/** A dashboard user the operator made (server API) without verifying the address. */
async function unverifiedUser(server: TestServer, email = `member-${randomUUID()}@example.com`) {
  const keys = await loadInternalProjectKeys(server.store);
  const created = await server.request("/auth/api/v1/users", {
    method: "POST",
    headers: serverHeaders(keys),
    body: JSON.stringify({ primary_email: email, primary_email_auth_enabled: true, password: PASSWORD }),
  });
  expect(created.status).toBe(201);
  const app = dashboardApp(server);
  expect((await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
  return app;
}

/** A dashboard user with a verified address, made through the internal project's server API. */
async function verifiedUser(server: TestServer, email: string) {
  const keys = await loadInternalProjectKeys(server.store);
  const created = await server.request("/auth/api/v1/users", {
    method: "POST",
    headers: serverHeaders(keys),
    body: JSON.stringify({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: PASSWORD,
    }),
  });
  expect(created.status).toBe(201);
  const app = dashboardApp(server);
  expect((await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
  return app;
}

async function tryCreate(app: ReturnType<typeof dashboardApp>) {
  const user = await app.getUser({ or: "throw" });
  return user.createProject({ displayName: `Project ${randomUUID().slice(0, 8)}`, teamId: randomUUID() }).then(
    (project) => ({ ok: true as const, project }),
    (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) }),
  );
}

async function projectCount(server: TestServer): Promise<number> {
  const [row] = await server.store.query<{ n: number }>("select count(*)::int as n from auth_projects");
  return row?.n ?? 0;
}

describe("PROJECT_CREATION unset (operators)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { AUTH_RATE_LIMITS: "false", ADMIN_EMAILS: `${operatorEmail},${unverifiedOperatorEmail}` },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps the internal project's sign-up closed, and refuses its users, making nothing", async () => {
    await expect(
      dashboardApp(server).signUpWithCredential({
        email: `visitor-${randomUUID()}@example.com`,
        password: PASSWORD,
        noRedirect: true,
        noVerificationCallback: true,
      }),
    ).rejects.toMatchObject({ errorCode: "SIGN_UP_NOT_ENABLED" });
    const before = await projectCount(server);
    const refused = await tryCreate(await unverifiedUser(server));
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({ message: expect.stringContaining("operators") });
    expect(await projectCount(server)).toBe(before);
  });

  it("refuses the operator's address until it is verified", async () => {
    const typedOnly = await tryCreate(await unverifiedUser(server, unverifiedOperatorEmail.toUpperCase()));
    expect(typedOnly.ok).toBe(false);
  });

  it("refuses anonymous users, who never own projects", async () => {
    const keys = await loadInternalProjectKeys(server.store);
    const app = dashboardApp(server);
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    const { accessToken } = await anonymous.currentSession.getTokens();
    const before = await projectCount(server);
    const attempt = await stackFetch(server, "/internal/projects", {
      access: "client",
      keys,
      accessToken: accessToken ?? "",
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { display_name: "Anonymous project" },
    });
    expect([attempt.status, knownError(attempt).code]).toEqual([401, "USER_AUTHENTICATION_REQUIRED"]);
    expect(await projectCount(server)).toBe(before);
  });

  it("lets an operator with a verified address create and administer projects", async () => {
    const operator = await verifiedUser(server, operatorEmail);
    const created = await tryCreate(operator);
    if (!created.ok) throw new Error(created.message);
    expect((await created.project.app.getProject()).id).toBe(created.project.id);
    const owned = await (await operator.getUser({ or: "throw" })).listOwnedProjects();
    expect(owned.map((p) => p.id)).toEqual([created.project.id]);
  });
});

describe("PROJECT_CREATION unset, internal sign-up opened by the operator", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
    await openInternalSignUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lets whoever signs up there run projects, as on Stack's dashboard", async () => {
    const created = await tryCreate(await visitor(server));
    if (!created.ok) throw new Error(created.message);
    expect((await created.project.app.getProject()).id).toBe(created.project.id);
  });
});

describe("PROJECT_CREATION=off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { AUTH_RATE_LIMITS: "false", ADMIN_EMAILS: operatorEmail, PROJECT_CREATION: "off" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses everyone, operators included", async () => {
    const refused = await tryCreate(await verifiedUser(server, operatorEmail));
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("PROJECT_CREATION=off") });
  });
});
