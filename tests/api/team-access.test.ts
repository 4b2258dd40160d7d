import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { databaseSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import type { TeamRole } from "../../server/contract/teams.ts";
import { authServerCall, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

/**
 * Every app-API route against every kind of caller of a team's app and database: the team's owner,
 * admin, developer and viewer, a removed member, a member of another team and a stranger. Roles are
 * cached for 0 ms here (TEAM_RIGHTS_CACHE_MS), so a removal applies at the next request.
 */
let server: TestServer;
let users: Record<Caller, TestUser>;
let teamId: string;
let otherTeamId: string;
let appId: string;
let dbId: string;

type Caller = TeamRole | "removed" | "otherTeam" | "stranger";
const ROLES: TeamRole[] = ["viewer", "developer", "admin", "owner"];
const OUTSIDERS: Caller[] = ["removed", "otherTeam", "stranger"];

const serverCall = (method: string, path: string, body?: unknown) => authServerCall(server, method, path, body);

const as = (caller: Caller) => users[caller].accessToken;

async function join(teamId: string, caller: Caller, role: TeamRole | null) {
  await serverCall("POST", `/team-memberships/${teamId}/${users[caller].userId}`, {});
  if (role) {
    const set = await api(server, as("owner"), "PUT", `/teams/${teamId}/members/${users[caller].userId}/role`, {
      role,
    });
    expect([set.status, set.data]).toEqual([200, { userId: users[caller].userId, role }]);
  }
}

async function execute(caller: Caller, sql: string) {
  const answer = await api(server, as(caller), "POST", `/db/${dbId}/execute`, { sql });
  return { ...answer, result: answer.status === 200 ? executeResponseSchema.parse(answer.data) : null };
}

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "0" } });
  const callers: Caller[] = [...ROLES, ...OUTSIDERS];
  const made = await Promise.all(callers.map(() => createTestUser(server, { verified: true })));
  users = Object.fromEntries(callers.map((caller, i) => [caller, made[i]])) as Record<Caller, TestUser>;
  // The creator gets Stack's team_admin, which the console counts as owner.
  teamId = String(
    (await serverCall("POST", "/teams", { display_name: "Crew", creator_user_id: users.owner.userId })).id,
  );
  otherTeamId = String(
    (await serverCall("POST", "/teams", { display_name: "Others", creator_user_id: users.otherTeam.userId })).id,
  );
  await join(teamId, "viewer", "viewer");
  await join(teamId, "developer", "developer");
  await join(teamId, "admin", "admin");
  await join(teamId, "removed", "developer");
  const created = await api(server, as("owner"), "POST", "/apps", { title: "Team app", team_id: teamId });
  expect(created.status).toBe(201);
  appId = appSchema.parse(created.data).id;
  await api(server, as("owner"), "POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: "team-secret" });
  const db = await api(server, as("owner"), "POST", "/db", { kind: "managed", name: "shared", team_id: teamId });
  expect(db.status).toBe(201);
  dbId = databaseSchema.parse(db.data).id;
  await execute(
    "owner",
    "CREATE TABLE notes (id serial PRIMARY KEY, body text); INSERT INTO notes (body) VALUES ('one')",
  );
  // The removed member could act a moment ago; the removal must reach the next request.
  expect((await api(server, as("removed"), "GET", `/apps/${appId}/secrets`)).status).toBe(200);
  await serverCall("DELETE", `/team-memberships/${teamId}/${users.removed.userId}`);
}, 240_000);
afterAll(async () => {
  if (users?.owner) await deleteAllDatabases(server, as("owner"));
  await server?.close();
});

type Route = [method: string, path: () => string, body: unknown, needs: TeamRole];
const APP_ROUTES: Route[] = [
  ["GET", () => `/apps/${appId}/secrets`, undefined, "viewer"],
  ["GET", () => `/apps/${appId}/audit`, undefined, "viewer"],
  ["GET", () => `/apps/${appId}/secrets?environment=staging`, undefined, "viewer"],
  ["GET", () => `/apps/${appId}/environments`, undefined, "viewer"],
  ["GET", () => `/apps/${appId}/environments/compare`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/environments`, { slug: "qa", name: "QA" }, "developer"],
  ["PATCH", () => `/apps/${appId}/environments/staging`, { name: "Staging" }, "developer"],
  ["DELETE", () => `/apps/${appId}/environments/not-there`, undefined, "admin"],
  ["GET", () => `/apps/${appId}/secrets/API_KEY/versions`, undefined, "viewer"],
  ["POST", () => `/apps/${appId}/secrets/API_KEY/versions/1/reveal`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/secrets/API_KEY/versions/99/restore`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/environments/qa-none/rollback`, { at: "2026-01-01T00:00:00Z" }, "developer"],
  ["POST", () => `/apps/${appId}/environments/qa-none/copy`, { from: "development" }, "developer"],
  ["PATCH", () => `/apps/${appId}`, { title: "Team app" }, "developer"],
  ["POST", () => `/apps/${appId}/secrets`, { key: "OTHER", value: "x" }, "developer"],
  ["DELETE", () => `/apps/${appId}/secrets/NOT_THERE`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/secrets/reveal`, undefined, "developer"],
  ["GET", () => `/apps/${appId}/secrets/export`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/secrets/import/preview`, { content: "API_KEY=x" }, "developer"],
  ["POST", () => `/apps/${appId}/secrets/import`, { content: "NEW_ONE=x", replace: [] }, "developer"],
  ["GET", () => `/apps/${appId}/tokens`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/tokens`, { name: "ci" }, "admin"],
  ["DELETE", () => `/apps/${appId}/tokens/${randomUUID()}`, undefined, "admin"],
  ["POST", () => `/apps/${appId}/move`, { team_id: randomUUID() }, "admin"],
  ["GET", () => `/apps/${appId}/webhooks`, undefined, "developer"],
  ["POST", () => `/apps/${appId}/webhooks`, { url: "http://10.9.9.9/refused" }, "admin"],
  ["PATCH", () => `/apps/${appId}/webhooks/${randomUUID()}`, { enabled: false }, "admin"],
  ["DELETE", () => `/apps/${appId}/webhooks/${randomUUID()}`, undefined, "admin"],
  ["POST", () => `/apps/${appId}/webhooks/${randomUUID()}/rotate-secret`, undefined, "admin"],
  ["POST", () => `/apps/${appId}/webhooks/${randomUUID()}/test`, undefined, "admin"],
  ["GET", () => `/apps/${appId}/webhooks/${randomUUID()}/deliveries`, undefined, "developer"],
];
const DB_ROUTES: Route[] = [
  ["GET", () => `/db/${dbId}/schema`, undefined, "viewer"],
  ["GET", () => `/db/${dbId}/table/notes`, undefined, "viewer"],
  ["GET", () => `/db/${dbId}/structure/table/notes`, undefined, "viewer"],
  ["POST", () => `/db/${dbId}/execute`, { sql: "SELECT body FROM notes" }, "viewer"],
  ["POST", () => `/db/${dbId}/cancel`, { executionId: randomUUID() }, "viewer"],
  [
    "POST",
    () => `/db/${dbId}/rows`,
    { tableName: "notes", changes: [{ op: "update", key: { id: -1 }, values: { body: "z" } }] },
    "developer",
  ],
  ["POST", () => `/db/${dbId}/export/query`, { sql: "SELECT 1", format: "csv" }, "developer"],
  ["GET", () => `/db/${dbId}/export/table/notes`, undefined, "developer"],
  ["POST", () => `/db/${dbId}/import/preview`, { sample: "a\n1", header: true }, "developer"],
  ["GET", () => `/db/${dbId}/dump?contents=schema`, undefined, "developer"],
  ["POST", () => `/db/${dbId}/restore`, "SELECT 1;", "developer"],
  ["GET", () => `/db/${dbId}/schema-editor/types`, undefined, "viewer"],
  ["GET", () => `/db/${dbId}/schema-editor/table/notes`, undefined, "viewer"],
  ["POST", () => `/db/${dbId}/schema-editor/apply`, { statements: [{ sql: "SELECT 1" }] }, "developer"],
  [
    "POST",
    () => `/db/${dbId}/schema-editor/plan`,
    { change: { op: "create_view", schema: "public", name: "v", query: "SELECT body FROM notes" } },
    "developer",
  ],
  ["PATCH", () => `/db/${dbId}`, { name: "shared" }, "admin"],
  ["POST", () => `/db/${dbId}/move`, { team_id: randomUUID() }, "admin"],
];
const RANK: Record<TeamRole, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };
const ACCESS_CODES = ["APP_NOT_FOUND", "DATABASE_NOT_FOUND", "TEAM_ROLE_REQUIRED"];

describe.each([
  ["app", APP_ROUTES, "APP_NOT_FOUND"],
  ["database", DB_ROUTES, "DATABASE_NOT_FOUND"],
] as const)("a team's %s, route by route and caller by caller", (_kind, routes, notFound) => {
  for (const [method, path, body, needs] of routes) {
    const name = `${method} ${path().replace(/[0-9a-f-]{36}|undefined/g, ":id")}`;
    it(`${name}: outsiders get the 404 of a missing one, members by role (needs ${needs})`, async () => {
      for (const caller of OUTSIDERS) {
        const answer = await api(server, as(caller), method, path(), body);
        expect([caller, answer.status, answer.error?.code]).toEqual([caller, 404, notFound]);
        expect(answer.text).not.toContain("team-secret");
      }
      for (const role of ROLES) {
        const answer = await api(server, as(role), method, path(), body);
        if (RANK[role] < RANK[needs]) {
          expect([role, answer.status, answer.error?.code, answer.error?.details]).toEqual([
            role,
            403,
            "TEAM_ROLE_REQUIRED",
            { role: needs },
          ]);
        } else {
          // Past the access check: whatever the route answers next (a move to a team they are not in
          // is NOT_A_TEAM_MEMBER, a missing token SERVICE_TOKEN_NOT_FOUND), it is not a refusal of access.
          expect([role, ACCESS_CODES.includes(answer.error?.code ?? "")]).toEqual([role, false]);
        }
      }
    });
  }
});

describe("team resources in lists and on creation", () => {
  it("lists the team's app and database to every member with its owner, to nobody else", async () => {
    for (const role of ROLES) {
      const apps = await api<Array<{ id: string; owner: unknown }>>(server, as(role), "GET", "/apps");
      expect(apps.data.find((a) => a.id === appId)?.owner).toEqual({ type: "team", id: teamId });
      const dbs = await api<Array<{ id: string }>>(server, as(role), "GET", "/db");
      expect(dbs.data.map((d) => d.id)).toContain(dbId);
    }
    for (const caller of OUTSIDERS) {
      expect((await api<unknown[]>(server, as(caller), "GET", "/apps")).data).toEqual([]);
      expect((await api<unknown[]>(server, as(caller), "GET", "/db")).data).toEqual([]);
    }
  });

  it("creates in a team only for its admins; a stranger to the team is told so", async () => {
    for (const role of ["viewer", "developer"] as const) {
      const answer = await api(server, as(role), "POST", "/apps", { title: "Nope", team_id: teamId });
      expect([answer.status, answer.error?.code, answer.error?.details]).toEqual([
        403,
        "TEAM_ROLE_REQUIRED",
        { role: "admin" },
      ]);
    }
    for (const caller of OUTSIDERS) {
      const answer = await api(server, as(caller), "POST", "/db", { kind: "managed", name: "x", team_id: teamId });
      expect([answer.status, answer.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    }
    const made = await api(server, as("admin"), "POST", "/apps", { title: "By admin", team_id: teamId });
    expect(made.status).toBe(201);
    const id = appSchema.parse(made.data).id;
    for (const role of ["viewer", "developer"] as const) {
      const refused = await api(server, as(role), "DELETE", `/apps/${id}`);
      expect([refused.status, refused.error?.code]).toEqual([403, "TEAM_ROLE_REQUIRED"]);
    }
    expect((await api(server, as("admin"), "DELETE", `/apps/${id}`)).status).toBe(200);
  });

  it("moves an app to a team and back, admin on both sides", async () => {
    const mine = appSchema.parse((await api(server, as("admin"), "POST", "/apps", { title: "Mine" })).data);
    expect(mine.owner).toEqual({ type: "user", id: users.admin.userId });
    const notMember = await api(server, as("admin"), "POST", `/apps/${mine.id}/move`, { team_id: otherTeamId });
    expect([notMember.status, notMember.error?.code]).toEqual([403, "NOT_A_TEAM_MEMBER"]);
    const moved = await api(server, as("admin"), "POST", `/apps/${mine.id}/move`, { team_id: teamId });
    expect(appSchema.parse(moved.data).owner).toEqual({ type: "team", id: teamId });
    expect((await api(server, as("viewer"), "GET", `/apps/${mine.id}/secrets`)).status).toBe(200);
    const back = await api(server, as("admin"), "POST", `/apps/${mine.id}/move`, { team_id: null });
    expect(appSchema.parse(back.data).owner).toEqual({ type: "user", id: users.admin.userId });
    expect((await api(server, as("viewer"), "GET", `/apps/${mine.id}/secrets`)).status).toBe(404);
  });
});

describe("what a viewer may not do", () => {
  it("sees secret keys, never their values", async () => {
    const viewer = await api(server, as("viewer"), "GET", `/apps/${appId}/secrets`);
    expect(viewer.data).toContainEqual({ key: "API_KEY", decryptedValue: "", hidden: true });
    expect(viewer.text).not.toContain("team-secret");
    const developer = await api(server, as("developer"), "GET", `/apps/${appId}/secrets`);
    expect(developer.data).toContainEqual({ key: "API_KEY", decryptedValue: "team-secret" });
  });

  it("runs reads, and no statement that writes, whatever it is wrapped in", async () => {
    const read = await execute("viewer", "SELECT body FROM notes; SHOW server_version; EXPLAIN SELECT 1");
    expect(read.result?.error).toBeNull();
    for (const sql of [
      "INSERT INTO notes (body) VALUES ('x')",
      "SELECT 1; DROP TABLE notes",
      "SET default_transaction_read_only = off",
      "/* SELECT */ UPDATE notes SET body = 'y'",
      "COMMIT; INSERT INTO notes (body) VALUES ('x')",
      "not sql at all",
    ]) {
      const refused = await execute("viewer", sql);
      expect([sql, refused.status, refused.error?.code]).toEqual([sql, 403, "SQL_READ_ONLY_ROLE"]);
    }
    // A SELECT that turns the session's default off cannot make a later statement writable.
    const sneaky = await execute(
      "viewer",
      "SELECT set_config('default_transaction_read_only', 'off', false); SELECT nextval('notes_id_seq')",
    );
    expect(sneaky.result?.error?.message).toMatch(/read-only transaction/);
    const count = await execute("developer", "INSERT INTO notes (body) VALUES ('by developer') RETURNING id");
    expect(count.result?.error).toBeNull();
  });
});

describe("roles", () => {
  it("are listed on the team page and changed by admins, owners by owners only", async () => {
    const members = await api<Array<{ userId: string; role: TeamRole | null }>>(
      server,
      as("viewer"),
      "GET",
      `/teams/${teamId}/members`,
    );
    const roleOf = new Map(members.data.map((m) => [m.userId, m.role]));
    for (const role of ROLES) expect(roleOf.get(users[role].userId)).toBe(role);
    const byViewer = await api(server, as("viewer"), "PUT", `/teams/${teamId}/members/${users.developer.userId}/role`, {
      role: "admin",
    });
    expect([byViewer.status, byViewer.error?.details]).toEqual([403, { role: "admin" }]);
    const ownerByAdmin = await api(server, as("admin"), "PUT", `/teams/${teamId}/members/${users.viewer.userId}/role`, {
      role: "owner",
    });
    expect([ownerByAdmin.status, ownerByAdmin.error?.details]).toEqual([403, { role: "owner" }]);
    const lastOwner = await api(server, as("owner"), "PUT", `/teams/${teamId}/members/${users.owner.userId}/role`, {
      role: "admin",
    });
    expect([lastOwner.status, lastOwner.error?.code]).toEqual([409, "TEAM_NEEDS_OWNER"]);
    const mine = await api<Array<{ id: string; role: TeamRole }>>(server, as("developer"), "GET", "/teams");
    expect(mine.data).toEqual([{ id: teamId, displayName: "Crew", role: "developer" }]);
  });

  it("a lowered role applies at the next request", async () => {
    const demote = async (role: TeamRole) =>
      api(server, as("owner"), "PUT", `/teams/${teamId}/members/${users.developer.userId}/role`, { role });
    expect((await demote("viewer")).status).toBe(200);
    const refused = await api(server, as("developer"), "POST", `/apps/${appId}/secrets/reveal`);
    expect([refused.status, refused.error?.code]).toEqual([403, "TEAM_ROLE_REQUIRED"]);
    expect((await demote("developer")).status).toBe(200);
    expect((await api(server, as("developer"), "POST", `/apps/${appId}/secrets/reveal`)).status).toBe(200);
  });
});

describe("a team's snippets", () => {
  type Snippet = { id: string; name: string; owner: { type: string; id: string }; editable: boolean };
  const save = (caller: Caller, name: string, sql = "SELECT body FROM notes") =>
    api<Snippet>(server, as(caller), "POST", "/snippets", { name, sql, teamId, databaseId: dbId });
  let snippetId: string;

  beforeAll(async () => {
    const saved = await save("developer", "Team notes");
    expect([saved.status, saved.data.owner, saved.data.editable]).toEqual([201, { type: "team", id: teamId }, true]);
    snippetId = saved.data.id;
  });

  it("are saved by developers and above; viewers and outsiders are refused", async () => {
    const byViewer = await save("viewer", "Nope");
    expect([byViewer.status, byViewer.error?.code, byViewer.error?.details]).toEqual([
      403,
      "TEAM_ROLE_REQUIRED",
      { role: "developer" },
    ]);
    for (const caller of OUTSIDERS) {
      const answer = await save(caller, "Nope");
      expect([caller, answer.status, answer.error?.code]).toEqual([caller, 403, "NOT_A_TEAM_MEMBER"]);
    }
    for (const role of ["admin", "owner"] as const) expect((await save(role, `By ${role}`)).status).toBe(201);
  });

  it("are listed with the team's database to every member (viewers read-only), to nobody else", async () => {
    for (const role of ROLES) {
      const list = await api<Snippet[]>(server, as(role), "GET", `/snippets?databaseId=${dbId}`);
      const mine = list.data.find((snippet) => snippet.id === snippetId);
      expect([role, mine?.editable]).toEqual([role, role !== "viewer"]);
      // Without the team's database on screen, the list is the user's own.
      const own = await api<Snippet[]>(server, as(role), "GET", "/snippets");
      expect(own.data.filter((snippet) => snippet.owner.type === "team")).toEqual([]);
    }
    for (const caller of OUTSIDERS) {
      const answer = await api(server, as(caller), "GET", `/snippets?databaseId=${dbId}`);
      expect([caller, answer.status, answer.error?.code]).toEqual([caller, 404, "DATABASE_NOT_FOUND"]);
    }
  });

  it("open by id (the /db/{id}?snippet= link) for every member, the 404 of a missing one for anyone else", async () => {
    for (const role of ROLES) {
      const one = await api<Snippet>(server, as(role), "GET", `/snippets/${snippetId}`);
      expect([role, one.status, one.data.name]).toEqual([role, 200, "Team notes"]);
      expect((await api(server, as(role), "POST", `/snippets/${snippetId}/run`)).status).toBe(200);
    }
    const missing = await api(server, as("viewer"), "GET", `/snippets/${randomUUID()}`);
    for (const caller of OUTSIDERS) {
      for (const [method, body] of [
        ["GET", undefined],
        ["POST", undefined],
        ["PATCH", { description: "mine now" }],
        ["DELETE", undefined],
      ] as const) {
        const path = method === "POST" ? `/snippets/${snippetId}/run` : `/snippets/${snippetId}`;
        const answer = await api(server, as(caller), method, path, body);
        expect([caller, method, answer.status, answer.error?.code]).toEqual([
          caller,
          method,
          missing.status,
          missing.error?.code,
        ]);
      }
    }
  });

  it("are changed and deleted by developers and above, never by viewers", async () => {
    for (const method of ["PATCH", "DELETE"] as const) {
      const refused = await api(server, as("viewer"), method, `/snippets/${snippetId}`, {
        description: "viewer was here",
      });
      expect([method, refused.status, refused.error?.details]).toEqual([method, 403, { role: "developer" }]);
    }
    for (const role of ["developer", "admin", "owner"] as const) {
      const changed = await api<Snippet>(server, as(role), "PATCH", `/snippets/${snippetId}`, { folder: role });
      expect([role, changed.status]).toEqual([role, 200]);
      const doomed = await save(role, `Doomed by ${role}`);
      expect((await api(server, as(role), "DELETE", `/snippets/${doomed.data.id}`)).status).toBe(200);
    }
  });
});
