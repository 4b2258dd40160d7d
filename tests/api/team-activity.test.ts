import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { databaseSchema } from "../../server/contract/databases.ts";
import { type TeamActivityPage, teamActivityPageSchema } from "../../server/contract/team-activity.ts";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

/**
 * GET /teams/{teamId}/activity and /activity.csv: the history of the team's apps and the team's own
 * events, filtered by actor and action, members only, the leaver's e-mail kept, never a value.
 */
let server: TestServer;
let owner: TestUser;
let developer: TestUser;
let leaver: TestUser;
let stranger: TestUser;
let teamId: string;
let appA: string;
let appB: string;
let personalApp: string;
let movedOut: string;

const SECRET_VALUE = "sup3r-s3cret-value-9f1c";

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

async function activity(caller: TestUser, query = ""): Promise<TeamActivityPage> {
  const answer = await api(server, caller.accessToken, "GET", `/teams/${teamId}/activity${query}`);
  expect([answer.status, answer.error]).toEqual([200, null]);
  return teamActivityPageSchema.parse(answer.data);
}

async function createApp(caller: TestUser, title: string, team: string | null) {
  const made = await api(server, caller.accessToken, "POST", "/apps", { title, ...(team ? { team_id: team } : {}) });
  expect(made.status).toBe(201);
  return appSchema.parse(made.data).id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  [owner, developer, leaver, stranger] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  teamId = String(
    (await serverCall("POST", "/teams", { display_name: `Crew ${randomUUID()}`, creator_user_id: owner.userId })).id,
  );
  for (const [user, role] of [
    [developer, "developer"],
    [leaver, "admin"],
  ] as const) {
    await serverCall("POST", `/team-memberships/${teamId}/${user.userId}`, {});
    const set = await api(server, owner.accessToken, "PUT", `/teams/${teamId}/members/${user.userId}/role`, { role });
    expect(set.status).toBe(200);
  }
  appA = await createApp(owner, "Alpha", teamId);
  appB = await createApp(owner, "Beta", teamId);
  personalApp = await createApp(owner, "Private", null);
  movedOut = await createApp(owner, "Wanderer", teamId);
  const secret = (caller: TestUser, app: string, key: string) =>
    api(server, caller.accessToken, "POST", `/apps/${app}/secrets`, { key, value: SECRET_VALUE });
  expect((await secret(developer, appA, "ALPHA_KEY")).status).toBe(201);
  expect((await secret(leaver, appB, "BETA_KEY")).status).toBe(201);
  expect((await secret(owner, personalApp, "PRIVATE_KEY")).status).toBe(201);
  expect((await secret(owner, movedOut, "WANDER_KEY")).status).toBe(201);
  // A service token of the team's app reads its secrets: the history names the token.
  const token = await api<{ token: string }>(server, owner.accessToken, "POST", `/apps/${appA}/tokens`, {
    name: "deploy-bot",
  });
  expect(token.status).toBe(201);
  const pulled = await server.request(`/api/v1/apps/${appA}/secrets`, {
    headers: { authorization: `Bearer ${token.data.token}` },
  });
  expect(pulled.status).toBe(200);
  // The leaver moves an app out to their own workspace, then leaves the team.
  expect((await api(server, leaver.accessToken, "POST", `/apps/${movedOut}/move`, { team_id: null })).status).toBe(200);
  await serverCall("DELETE", `/team-memberships/${teamId}/${leaver.userId}`);
}, 240_000);
afterAll(async () => {
  if (owner) await deleteAllDatabases(server, owner.accessToken);
  await server?.close();
});

describe("team activity", () => {
  it("lists the history of the team's apps and the team's own events, newest first; no personal app", async () => {
    const page = await activity(developer);
    const keys = page.entries.filter((e) => e.action === "secret.created").map((e) => [e.resource.name, e.subject]);
    expect(keys).toEqual([
      ["Beta", "BETA_KEY"],
      ["Alpha", "ALPHA_KEY"],
    ]);
    const resources = new Set(page.entries.map((e) => e.resource.id));
    expect(resources.has(personalApp)).toBe(false);
    // The app moved out takes its history along; the team keeps the move.
    expect(page.entries.some((e) => e.subject === "WANDER_KEY")).toBe(false);
    const move = page.entries.find((e) => e.action === "app.moved_out");
    expect(move?.resource).toEqual({ type: "app", id: movedOut, name: "Wanderer" });
    expect(move?.actor).toMatchObject({ kind: "user", id: leaver.userId, label: leaver.email });
    const roles = page.entries.filter((e) => e.action === "member.role_changed");
    expect(roles.map((e) => [e.subject, e.detail?.role])).toEqual([
      [leaver.email, "admin"],
      [developer.email, "developer"],
    ]);
    expect(roles.every((e) => e.actor.label === owner.email)).toBe(true);
    const pulled = page.entries.find((e) => e.action === "secrets.pulled");
    expect(pulled?.actor).toMatchObject({ kind: "token", label: "deploy-bot" });
    const times = page.entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(JSON.stringify(page)).not.toContain(SECRET_VALUE);
  });

  it("filters by actor (user id or e-mail, any case) and by action", async () => {
    const byId = await activity(developer, `?actor=${developer.userId}`);
    expect(byId.entries.map((e) => [e.action, e.subject])).toEqual([["secret.created", "ALPHA_KEY"]]);
    const byEmail = await activity(developer, `?actor=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(byEmail.entries.length).toBeGreaterThan(0);
    expect(byEmail.entries.every((e) => e.actor.id === owner.userId)).toBe(true);
    const created = await activity(developer, "?action=secret.created");
    expect(created.entries.map((e) => e.subject)).toEqual(["BETA_KEY", "ALPHA_KEY"]);
    const both = await activity(developer, `?action=secret.created&actor=${encodeURIComponent(leaver.email)}`);
    expect(both.entries.map((e) => e.subject)).toEqual(["BETA_KEY"]);
    const bad = await api(server, developer.accessToken, "GET", `/teams/${teamId}/activity?action=secret.stolen`);
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("keeps a removed member's e-mail on their entries", async () => {
    const page = await activity(owner, `?actor=${leaver.userId}`);
    expect(page.entries.map((e) => e.action)).toEqual(["app.moved_out", "secret.created"]);
    expect(page.entries.every((e) => e.actor.label === leaver.email)).toBe(true);
  });

  it("pages with the cursor without losing or repeating an entry", async () => {
    const all = await activity(owner, "?limit=100");
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: TeamActivityPage = await activity(owner, `?limit=2${before ? `&before=${before}` : ""}`);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      before = page.nextBefore;
    } while (before);
    expect(seen).toEqual(all.entries.map((e) => e.id));
    // Neither a malformed cursor nor one past the store's numbers reaches the query.
    for (const before of ["1;drop", "1.x.1", "999999999999999999.a.1", "1.a.9999999999999999999"]) {
      const bad = await api(server, owner.accessToken, "GET", `/teams/${teamId}/activity?before=${before}`);
      expect([before, bad.status, bad.error?.code]).toEqual([before, 400, "SCHEMA_ERROR"]);
    }
  });

  it("records moves in, role changes and transfers", async () => {
    const db = await api(server, owner.accessToken, "POST", "/db", { kind: "managed", name: "moving" });
    expect(db.status).toBe(201);
    const dbId = databaseSchema.parse(db.data).id;
    expect((await api(server, owner.accessToken, "POST", `/db/${dbId}/move`, { team_id: teamId })).status).toBe(200);
    const page = await activity(developer, "?action=database.moved_in");
    expect(page.entries.map((e) => [e.resource, e.actor.label])).toEqual([
      [{ type: "database", id: dbId, name: "moving" }, owner.email],
    ]);
    const handed = await api(server, owner.accessToken, "POST", `/teams/${teamId}/transfer`, {
      userId: developer.userId,
    });
    expect(handed.status).toBe(200);
    expect(
      (await api(server, developer.accessToken, "POST", `/teams/${teamId}/transfer`, { userId: owner.userId })).status,
    ).toBe(200);
    const transfers = await activity(owner, "?action=team.ownership_transferred");
    expect(transfers.entries.map((e) => [e.actor.label, e.subject])).toEqual([
      [developer.email, owner.email],
      [owner.email, developer.email],
    ]);
  });

  it("answers a non-member, a removed member and an unknown team NOT_A_TEAM_MEMBER, on both routes", async () => {
    for (const [caller, team] of [
      [stranger, teamId],
      [leaver, teamId],
      [owner, randomUUID()],
      [owner, "not-a-team"],
    ] as const) {
      for (const path of [`/teams/${team}/activity`, `/teams/${team}/activity.csv`]) {
        const refused = await api(server, caller.accessToken, "GET", path);
        expect([path, refused.status, refused.error?.code]).toEqual([path, 403, "NOT_A_TEAM_MEMBER"]);
        expect(refused.text).not.toContain("ALPHA_KEY");
      }
    }
  });

  it("exports the filtered entries as CSV with a header and no value", async () => {
    const response = await server.request(`/api/v1/teams/${teamId}/activity.csv`, {
      headers: { authorization: `Bearer ${developer.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = await response.text();
    expect(text).not.toContain(SECRET_VALUE);
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual(["time", "actor", "actor_email", "action", "subject", "detail"]);
    const page = await activity(developer, "?limit=100");
    expect(rows.length - 1).toBe(page.entries.length);
    const alpha = rows.find((row) => row[3] === "secret.created" && row[4] === "ALPHA_KEY");
    expect(alpha?.slice(1, 3)).toEqual([developer.email, developer.email]);
    expect(JSON.parse(alpha?.[5] ?? "{}")).toMatchObject({ app: "Alpha" });
    const token = rows.find((row) => row[3] === "secrets.pulled");
    expect(token?.slice(1, 3)).toEqual(["service token deploy-bot", ""]);

    const filtered = await server.request(
      `/api/v1/teams/${teamId}/activity.csv?action=secret.created&actor=${encodeURIComponent(leaver.email)}`,
      { headers: { authorization: `Bearer ${developer.accessToken}` } },
    );
    const only = parse(await filtered.text()) as string[][];
    expect(only.slice(1).map((row) => [row[2], row[3], row[4]])).toEqual([
      [leaver.email, "secret.created", "BETA_KEY"],
    ]);
  });
});
