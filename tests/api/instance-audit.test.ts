import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import type { InstanceAuditEvent, InstanceAuditPage } from "../../server/contract/instance-audit.ts";
import { pruneInstanceAudit } from "../../server/lib/instance-audit.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

const operatorEmail = `ops-${randomUUID()}@example.com`;
const SECRET_VALUE = `sv-${randomUUID()}`;
const METADATA_VALUE = `md-${randomUUID()}`;

let server: TestServer;
let operator: TestUser;
let member: TestUser;
let victim: TestUser;

async function proxied(token: string, method: string, path: string, body?: unknown) {
  return await server.request(`/api/v1/admin/auth${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function auditPage(query = ""): Promise<InstanceAuditPage> {
  const answer = await api<InstanceAuditPage>(server, operator.accessToken, "GET", `/admin/audit${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.data;
}

const actions = (events: InstanceAuditEvent[]) => events.map((e) => e.action);

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail } });
  [operator, member, victim] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe(`the instance audit log (${testStoreKind()})`, () => {
  it("is for operators only: the standard refusals for everyone else", async () => {
    for (const path of ["/admin/audit", "/admin/audit/export"]) {
      const signedOut = await api(server, null, "GET", path);
      expect([signedOut.status, signedOut.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
      const refused = await api(server, member.accessToken, "GET", path);
      expect([refused.status, refused.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
    }
  });

  it("records an operator's sign-in once per session", async () => {
    await api(server, operator.accessToken, "GET", "/admin/me");
    await api(server, operator.accessToken, "GET", "/admin/me");
    // A member's session is nobody's business here.
    await api(server, member.accessToken, "GET", "/admin/me");
    const { events } = await auditPage("?action=operator.signed_in");
    expect(events.map((e) => [e.actor?.label, e.impersonator])).toEqual([[operatorEmail, null]]);
  });

  it("records the admin area's changes by action, with the user's address and field names, never a value", async () => {
    const restrict = await proxied(operator.accessToken, "PATCH", `/users/${victim.userId}`, {
      restricted_by_admin: true,
      restricted_by_admin_reason: "spam",
      server_metadata: { note: METADATA_VALUE },
    });
    expect(restrict.status).toBe(200);
    const settings = await proxied(operator.accessToken, "PATCH", "/internal/projects/current", {
      config: { sign_up_enabled: true },
    });
    expect(settings.status).toBe(200);
    const deleted = await proxied(operator.accessToken, "DELETE", `/users/${victim.userId}`);
    expect(deleted.status).toBe(200);
    // A call the auth service refuses changed nothing and records nothing.
    expect((await proxied(operator.accessToken, "DELETE", `/users/${randomUUID()}`)).status).toBe(404);

    const { events } = await auditPage();
    const changes = events.filter((e) => e.action !== "operator.signed_in");
    expect(actions(changes)).toEqual(["user.deleted", "settings.changed", "user.updated", "user.restricted"]);
    expect(changes.map((e) => e.actor?.label)).toEqual(Array(4).fill(operatorEmail));
    const [gone, changed, updated, restricted] = changes;
    expect([gone?.subject, gone?.subjectLabel]).toEqual([victim.userId, victim.email]);
    expect(changed?.detail?.fields).toEqual(["config.sign_up_enabled"]);
    expect(restricted?.subjectLabel).toBe(victim.email);
    expect(updated?.detail?.fields).toEqual([
      "restricted_by_admin",
      "restricted_by_admin_reason",
      "server_metadata.note",
    ]);
    expect(JSON.stringify(events)).not.toContain(METADATA_VALUE);
  });

  it("records reveals and exports of secrets by anyone, never the values", async () => {
    const app = appSchema.parse((await api(server, member.accessToken, "POST", "/apps", { title: "Audited" })).data);
    await api(server, member.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "API_KEY", value: SECRET_VALUE });
    expect((await api(server, member.accessToken, "POST", `/apps/${app.id}/secrets/reveal`)).status).toBe(200);
    const exported = await server.request(`/api/v1/apps/${app.id}/secrets/export?format=dotenv`, {
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(exported.status).toBe(200);
    const { events } = await auditPage(`?actor=${encodeURIComponent(member.email.toUpperCase())}`);
    // The secret's creation stays in the app's own history (no impersonation was involved).
    expect(actions(events)).toEqual(["secrets.exported", "secrets.revealed"]);
    expect(events.map((e) => [e.subject, e.detail?.count])).toEqual([
      [app.id, 1],
      [app.id, 1],
    ]);
    expect(JSON.stringify(events)).not.toContain(SECRET_VALUE);
  });

  it("filters by action and actor, searches, and pages newest first", async () => {
    expect(actions((await auditPage("?action=user.deleted")).events)).toEqual(["user.deleted"]);
    expect(actions((await auditPage(`?q=${encodeURIComponent(victim.email.slice(0, 12))}`)).events)).toEqual([
      "user.deleted",
      "user.updated",
      "user.restricted",
    ]);
    // `%` is a character to find, not a wildcard.
    expect((await auditPage("?q=%25")).events).toEqual([]);
    const all = (await auditPage()).events;
    const first = await auditPage("?limit=2");
    expect(first.events.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const second = await auditPage(`?limit=2&before=${first.nextBefore}`);
    expect(second.events.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const bad = await api(server, operator.accessToken, "GET", "/admin/audit?action=nope");
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("exports the filtered log as CSV", async () => {
    const answer = await server.request("/api/v1/admin/audit/export?action=user.deleted", {
      headers: { authorization: `Bearer ${operator.accessToken}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/csv");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(await answer.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.action, r.actor, r.subject, r.subject_label])).toEqual([
      ["user.deleted", operatorEmail, victim.userId, victim.email],
    ]);
  });

  it("prunes events older than the retention", async () => {
    const before = (await auditPage()).events.length;
    await server.store.query(
      "INSERT INTO instance_audit_events (action, created_at) VALUES ('backup.created', now() - interval '40 days')",
    );
    expect((await auditPage()).events.length).toBe(before + 1);
    expect(await pruneInstanceAudit(server.store.db, 30)).toBe(1);
    expect((await auditPage()).events.length).toBe(before);
  });
});
