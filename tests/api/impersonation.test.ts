import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { databaseSchema } from "../../server/contract/databases.ts";
import type { ImpersonationHandover } from "../../server/contract/impersonation.ts";
import type { InstanceAuditPage } from "../../server/contract/instance-audit.ts";
import { teamActivityPageSchema } from "../../server/contract/team-activity.ts";
import { readMails, startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { appProjectOf, authServerCall, clientApp, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

/**
 * The admin area's "Open as this user": a half-hour session marked as impersonation, the user told
 * by mail in their language, every change the session makes recorded with both people (app history,
 * team activity, instance audit log), and the end refusing the session's tokens at once.
 */
const operatorEmail = `ops-${randomUUID()}@example.com`;

let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let operator: TestUser;
let carol: TestUser;
let member: TestUser;
let teamId: string;
let handover: ImpersonationHandover;

const asOperator = (method: string, path: string, body?: unknown) =>
  api(server, operator.accessToken, method, path, body);

async function audit(query = ""): Promise<InstanceAuditPage> {
  const page = await api<InstanceAuditPage>(server, operator.accessToken, "GET", `/admin/audit${query}`);
  expect(page.status, page.text).toBe(200);
  return page.data;
}

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "impersonation-mail-")));
  server = await startTestServer({
    env: { ADMIN_EMAILS: operatorEmail, SMTP_URL: mail.smtpUrl, AUTH_RATE_LIMITS: "false", TEAM_RIGHTS_CACHE_MS: "0" },
  });
  [operator, carol, member] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  // Carol signs in herself once, in German: the notice is written in the language of that sign-in.
  const signedIn = await stackFetch(server, "/auth/password/sign-in", {
    access: "client",
    keys: await appProjectOf(server),
    body: { email: carol.email, password: carol.password },
    headers: { "accept-language": "de-DE,de;q=0.9" },
  });
  expect(signedIn.status).toBe(200);
  teamId = String(
    (
      await authServerCall(server, "POST", "/teams", {
        display_name: `Crew ${randomUUID()}`,
        creator_user_id: carol.userId,
      })
    ).id,
  );
  await authServerCall(server, "POST", `/team-memberships/${teamId}/${member.userId}`, {});
}, 120_000);

afterAll(async () => {
  if (carol) await deleteAllDatabases(server, carol.accessToken).catch(() => undefined);
  await server?.close();
  await mail?.close();
  if (mail) rmSync(mail.dir, { recursive: true, force: true });
});

describe(`impersonation (${testStoreKind()})`, () => {
  it("is the operators' alone, never of oneself, and only through its own route", async () => {
    const refused = await api(server, member.accessToken, "POST", "/admin/impersonations", { userId: carol.userId });
    expect([refused.status, refused.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
    const self = await asOperator("POST", "/admin/impersonations", { userId: operator.userId });
    expect([self.status, self.error?.code]).toEqual([403, "IMPERSONATION_NOT_ALLOWED"]);
    const unknown = await asOperator("POST", "/admin/impersonations", { userId: randomUUID() });
    expect([unknown.status, unknown.error?.code]).toEqual([404, "NOT_FOUND"]);
    const bad = await asOperator("POST", "/admin/impersonations", { userId: "nope" });
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    // The raw auth-service call would open a session that names no operator.
    const raw = await asOperator("POST", "/admin/auth/auth/sessions", {
      user_id: carol.userId,
      is_impersonation: true,
    });
    expect([raw.status, raw.error?.code]).toEqual([400, "ADMIN_PATH_NOT_ALLOWED"]);
  });

  it("opens a half-hour session marked as impersonation, tells the user by mail in her language, and lists it for her", async () => {
    const started = await asOperator("POST", "/admin/impersonations", { userId: carol.userId });
    expect(started.status, started.text).toBe(200);
    handover = started.data as ImpersonationHandover;
    expect(handover.user).toEqual({ id: carol.userId, email: carol.email });
    expect(handover.operator).toEqual({ id: operator.userId, email: operatorEmail });
    const minutes = (Date.parse(handover.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const notice = await waitForMail(mail.dir, carol.email, (m) => m.subject.includes("Betreiber"));
    expect(notice.text).toContain(operatorEmail);
    expect(notice.text).toContain("Identitätsübernahme");
    expect(notice.text).not.toContain(handover.refreshToken);
    expect(readMails(mail.dir, carol.email)).toHaveLength(1);
    const queued = await server.store.query<{ n: number }>(
      'select count(*)::int as n from auth_mail_outbox where "to" = $1',
      [carol.email],
    );
    expect(queued[0]?.n).toBe(1);

    const own = await stackFetch(server, "/auth/sessions?user_id=me", {
      access: "client",
      keys: await appProjectOf(server),
      accessToken: carol.accessToken,
    });
    const items = (own.body as { items: { is_impersonation: boolean }[] }).items;
    expect(items.filter((s) => s.is_impersonation)).toHaveLength(1);

    const { events } = await audit("?action=impersonation.started");
    expect(events.map((e) => [e.actor?.label, e.subject, e.subjectLabel])).toEqual([
      [operatorEmail, carol.userId, carol.email],
    ]);
  });

  it("is the user in the official SDK with the tab's own token store", async () => {
    // The tab's store as src/lib/session/stack-client.ts builds it from the hand-over.
    const app = await clientApp(server, {
      tokens: { accessToken: handover.accessToken, refreshToken: handover.refreshToken },
    });
    const user = await app.getUser();
    expect(user?.primaryEmail).toBe(carol.email);
    const token = (await user?.getAuthJson())?.accessToken ?? "";
    const answer = await api<Array<{ id: string }>>(server, token, "GET", "/apps");
    expect(answer.status).toBe(200);
  });

  it("keeps the admin area closed to the impersonation", async () => {
    const me = await api<{ isAdmin: boolean }>(server, handover.accessToken, "GET", "/admin/me");
    expect(me.data.isAdmin).toBe(false);
    const audited = await api(server, handover.accessToken, "GET", "/admin/audit");
    expect(audited.error?.code).toBe("IMPERSONATION_NOT_ALLOWED");
  });

  it("records every change it makes, on every route file it reaches, with both people", async () => {
    const as = (method: string, path: string, body?: unknown) => api(server, handover.accessToken, method, path, body);
    const made = await as("POST", "/apps", { title: "Carol's app", team_id: teamId });
    expect(made.status, made.text).toBe(201);
    const appId = appSchema.parse(made.data).id;
    const db = await as("POST", "/db", { kind: "managed", name: `carol_${randomUUID().slice(0, 8)}`, team_id: teamId });
    expect(db.status, db.text).toBe(201);
    const dbId = databaseSchema.parse(db.data).id;

    // One state-changing call per route file an impersonation can reach, and the answer expected.
    const table: Array<[string, string, unknown, number]> = [
      ["POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: "v" }, 201],
      ["POST", `/apps/${appId}/secrets/reveal`, undefined, 200],
      ["POST", `/apps/${appId}/tokens`, { name: "deploy" }, 201],
      ["PATCH", `/apps/${appId}`, { title: "Carol's renamed app" }, 200],
      ["POST", `/db/${dbId}/execute`, { sql: "create table notes (id int primary key)" }, 200],
      ["POST", "/sql/split", { sql: "select 1; select 2" }, 200],
      ["POST", "/snippets", { name: `s-${randomUUID().slice(0, 8)}`, sql: "select 1" }, 201],
      ["PUT", `/teams/${teamId}/members/${member.userId}/role`, { role: "developer" }, 200],
      // Refused calls are recorded too.
      ["DELETE", `/apps/${randomUUID()}`, undefined, 404],
    ];
    for (const [method, path, body, status] of table) {
      const answer = await as(method, path, body);
      expect([method, path, answer.status], answer.text).toEqual([method, path, status]);
    }

    const requests = (await audit("?action=impersonation.request&limit=200")).events;
    const both = (e: { actor: { label: string | null } | null; impersonator: { label: string | null } | null }) => [
      e.actor?.label,
      e.impersonator?.label,
    ];
    for (const [method, path, , status] of [
      ["POST", "/apps", null, 201],
      ["POST", "/db", null, 201],
      ...table,
    ] as const) {
      const found = requests.find((e) => e.detail?.method === method && e.detail?.path === `/api/v1${path}`);
      expect(found, `${method} ${path}`).toBeDefined();
      expect(found && both(found)).toEqual([carol.email, operatorEmail]);
      expect(found?.detail?.status).toBe(status);
    }

    // The app's history and the team's activity name both, as does the log's mirror of them.
    const history = await api<{
      events: Array<{ action: string; actor: { label: string; impersonator: { label: string } | null } }>;
    }>(server, carol.accessToken, "GET", `/apps/${appId}/audit`);
    expect(history.data.events.length).toBeGreaterThan(0);
    for (const e of history.data.events)
      expect([e.actor.label, e.actor.impersonator?.label]).toEqual([carol.email, operatorEmail]);
    const activity = teamActivityPageSchema.parse(
      (await api(server, carol.accessToken, "GET", `/teams/${teamId}/activity`)).data,
    );
    expect(activity.entries.length).toBeGreaterThan(0);
    for (const e of activity.entries)
      expect([e.actor.label, e.actor.impersonator?.label]).toEqual([carol.email, operatorEmail]);
    const mirrored = (await audit(`?actor=${encodeURIComponent(carol.email)}&limit=200`)).events.filter(
      (e) => e.action !== "impersonation.request",
    );
    expect(mirrored.map((e) => e.action)).toEqual(expect.arrayContaining(["secret.created", "secrets.revealed"]));
    for (const e of mirrored) expect(both(e)).toEqual([carol.email, operatorEmail]);
  });

  it("ends on the banner's button: the session is revoked, its tokens refused, the end recorded", async () => {
    const ended = await api(server, handover.accessToken, "POST", "/impersonation/end");
    expect([ended.status, ended.data]).toEqual([200, { ended: true }]);
    const after = await api(server, handover.accessToken, "GET", "/apps");
    expect([after.status, after.error?.code]).toEqual([401, "IMPERSONATION_ENDED"]);
    const refreshed = await stackFetch(server, "/auth/sessions/current/refresh", {
      method: "POST",
      access: "client",
      keys: await appProjectOf(server),
      refreshToken: handover.refreshToken,
    });
    expect(refreshed.status).toBe(401);
    const { events } = await audit("?action=impersonation.ended");
    expect(events.map((e) => [e.actor?.label, e.impersonator?.label])).toEqual([[carol.email, operatorEmail]]);
    // Her own session was never touched, nor the operator's.
    expect((await api(server, carol.accessToken, "GET", "/apps")).status).toBe(200);
    expect((await api(server, operator.accessToken, "GET", "/admin/me")).status).toBe(200);
    // A session that is no impersonation has nothing to end.
    const notOne = await api(server, carol.accessToken, "POST", "/impersonation/end");
    expect([notOne.status, notOne.error?.code]).toEqual([409, "NOT_IMPERSONATING"]);
  });
});

describe(`impersonation with IMPERSONATION_NOTICE=false (${testStoreKind()})`, () => {
  it("opens the session and mails nobody", async () => {
    const quiet = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail, IMPERSONATION_NOTICE: "false" } });
    try {
      const [ops, user] = await Promise.all([
        createTestUser(quiet, { email: operatorEmail, verified: true }),
        createTestUser(quiet, { verified: true }),
      ]);
      const started = await api(quiet, ops.accessToken, "POST", "/admin/impersonations", { userId: user.userId });
      expect(started.status, started.text).toBe(200);
      // Every mail is queued in the outbox before the call answers: none was.
      const queued = await quiet.store.query<{ n: number }>(
        'select count(*)::int as n from auth_mail_outbox where "to" = $1',
        [user.email],
      );
      expect(queued[0]?.n).toBe(0);
    } finally {
      await quiet.close();
    }
  }, 120_000);
});
