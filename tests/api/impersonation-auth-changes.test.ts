import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImpersonationHandover } from "../../server/contract/impersonation.ts";
import type { InstanceAuditEvent, InstanceAuditPage } from "../../server/contract/instance-audit.ts";
import { teamActivityPageSchema } from "../../server/contract/team-activity.ts";
import { appProjectOf, authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

/**
 * What an impersonation tab changes through the Stack SDK at the auth service directly (not
 * through the app API) is in the instance audit log with both actors: one request per group of
 * the auth service's routes, and nothing for a normal session or a refused request.
 */
const operatorEmail = `ops-${randomUUID()}@example.com`;

let server: TestServer;
let operator: TestUser;
let carol: TestUser;
let teamId: string;
let handover: ImpersonationHandover;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail, AUTH_RATE_LIMITS: "false" } });
  [operator, carol] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  teamId = String(
    (
      await authServerCall(server, "POST", "/teams", {
        display_name: `Crew ${randomUUID()}`,
        creator_user_id: carol.userId,
      })
    ).id,
  );
  const started = await api(server, operator.accessToken, "POST", "/admin/impersonations", { userId: carol.userId });
  if (started.status !== 200) throw new Error(`starting the impersonation answered ${started.status}: ${started.text}`);
  handover = started.data as ImpersonationHandover;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A client request at the auth service, as the SDK in a tab makes it, with `accessToken`. */
async function asClient(accessToken: string, method: string, path: string, body?: unknown) {
  return stackFetch(server, path, { method, access: "client", keys: await appProjectOf(server), accessToken, body });
}

async function authChanges(): Promise<InstanceAuditEvent[]> {
  const page = await api<InstanceAuditPage>(
    server,
    operator.accessToken,
    "GET",
    "/admin/audit?action=impersonation.auth_change&limit=200",
  );
  expect(page.status, page.text).toBe(200);
  return page.data.events;
}

describe(`an impersonation's changes at the auth service (${testStoreKind()})`, () => {
  it("records nothing for the user's own session, nor for reads and refusals of the impersonation", async () => {
    expect((await asClient(carol.accessToken, "PATCH", "/users/me", { display_name: "Carol herself" })).status).toBe(
      200,
    );
    expect((await asClient(carol.accessToken, "PATCH", `/teams/${teamId}`, { display_name: "Own name" })).status).toBe(
      200,
    );
    expect((await asClient(handover.accessToken, "GET", "/users/me")).status).toBe(200);
    const refused = await asClient(handover.accessToken, "PATCH", `/teams/${randomUUID()}`, { display_name: "x" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await authChanges()).toEqual([]);
  });

  it("records one change per route group with the operator and the user, the route's pattern and no values", async () => {
    const token = handover.accessToken;
    // Another session of Carol's, for the impersonation to sign out.
    const other = await authServerCall(server, "POST", "/auth/sessions", { user_id: carol.userId });
    const sessions = await asClient(token, "GET", "/auth/sessions?user_id=me");
    const otherId = (sessions.body as { items: Array<{ id: string; is_current_session: boolean }> }).items.find(
      (s) => !s.is_current_session && s.id !== undefined,
    )?.id;
    expect(other.access_token).toBeTruthy();
    expect(otherId).toBeTruthy();

    const requests: Array<[string, string, unknown, string]> = [
      ["PATCH", "/users/me", { display_name: "Secret Name 1" }, "PATCH /users/me"],
      [
        "POST",
        "/team-invitations/send-code",
        { team_id: teamId, email: `secret-${randomUUID()}@example.com`, callback_url: `${server.url}/handler/team` },
        "POST /team-invitations/send-code",
      ],
      ["PATCH", `/teams/${teamId}`, { display_name: "Secret Team 2" }, "PATCH /teams/:team_id"],
      [
        "PATCH",
        `/team-member-profiles/${teamId}/me`,
        { display_name: "Secret Profile" },
        "PATCH /team-member-profiles/:team_id/:user_id",
      ],
      [
        "POST",
        "/contact-channels",
        { user_id: "me", type: "email", value: `secret-${randomUUID()}@example.com`, used_for_auth: false },
        "POST /contact-channels",
      ],
      ["DELETE", `/auth/sessions/${otherId}?user_id=me`, undefined, "DELETE /auth/sessions/:id"],
    ];
    for (const [method, path, body] of requests) {
      const answer = await asClient(token, method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    }

    const events = await authChanges();
    expect(events.map((e) => e.subject).sort()).toEqual(requests.map(([, , , subject]) => subject).sort());
    for (const e of events) {
      expect([e.actor?.id, e.actor?.label]).toEqual([carol.userId, carol.email]);
      expect([e.impersonator?.id, e.impersonator?.label]).toEqual([operator.userId, operatorEmail]);
      const [method, route] = String(e.subject).split(" ");
      expect(e.detail).toMatchObject({ method, route });
    }
    // Never a body's value, nor an id from the path.
    const recorded = JSON.stringify(events);
    expect(recorded).not.toMatch(/Secret|secret-/);
    expect(recorded).not.toContain(teamId);
  });

  it("puts the changes to a team into its activity too, with both actors", async () => {
    const activity = teamActivityPageSchema.parse(
      (await api(server, carol.accessToken, "GET", `/teams/${teamId}/activity`)).data,
    );
    const changes = activity.entries.filter((e) => e.action === "impersonation.auth_change");
    expect(changes.map((e) => e.subject).sort()).toEqual([
      "PATCH /team-member-profiles/:team_id/:user_id",
      "PATCH /teams/:team_id",
    ]);
    for (const e of changes) expect([e.actor.label, e.actor.impersonator?.label]).toEqual([carol.email, operatorEmail]);
  });
});
