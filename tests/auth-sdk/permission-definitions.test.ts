import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApp, appProjectOf, createTestUser, DIALECTS, serverApp } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

async function asAdmin(path: string, request: { method?: string; body?: unknown } = {}) {
  return stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });
}

const unique = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

describe.each(DIALECTS)("permission definitions with StackAdminApp (%s dialect)", (dialect) => {
  it("lists the system team permissions and the editable default roles", async () => {
    const admin = await adminApp(server, { dialect });
    const team = await admin.listTeamPermissionDefinitions();
    const ids = team.map((p) => p.id);
    expect(ids.slice(0, 6)).toEqual([
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
    ]);
    expect(team.find((p) => p.id === "team_admin")?.containedPermissionIds).toEqual([
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
    ]);
    expect(team.find((p) => p.id === "team_member")?.containedPermissionIds).toEqual([
      "$invite_members",
      "$read_members",
    ]);
  });

  it("creates, updates and deletes team definitions whose contents count for members, transitively", async () => {
    const admin = await adminApp(server, { dialect });
    const inviter = unique("inviter");
    const lead = unique("lead");
    await admin.createTeamPermissionDefinition({
      id: inviter,
      description: "Invites",
      containedPermissionIds: ["$invite_members"],
    });
    await admin.createTeamPermissionDefinition({ id: lead, containedPermissionIds: [inviter, "$read_members"] });

    const app = await serverApp(server, { dialect });
    const user = await app.getUser((await createTestUser(server)).userId);
    if (!user) throw new Error("no user");
    // A member holding nothing but `lead` (the default roles would grant $invite_members themselves).
    const team = await app.createTeam({ displayName: "Defined" });
    await team.addUser(user.id);
    await user.revokePermission(team, "team_member");
    await user.grantPermission(team, lead);
    const held = (await user.listPermissions(team)).map((p) => p.id).sort();
    expect(held).toEqual([lead, inviter, "$invite_members", "$read_members"].sort());
    expect(await user.hasPermission(team, "$invite_members")).toBe(true);

    // Taking $invite_members out of the inner definition takes it from the member at once.
    await admin.updateTeamPermissionDefinition(inviter, { containedPermissionIds: [] });
    expect(await user.hasPermission(team, "$invite_members")).toBe(false);
    expect(await user.hasPermission(team, inviter)).toBe(true);

    // Deleting the outer definition removes the grant and the mention elsewhere.
    await admin.deleteTeamPermissionDefinition(lead);
    expect((await user.listPermissions(team, { recursive: false })).map((p) => p.id)).not.toContain(lead);
    expect((await admin.listTeamPermissionDefinitions()).map((p) => p.id)).not.toContain(lead);
    await admin.deleteTeamPermissionDefinition(inviter);
  });

  it("keeps project definitions apart from team ones", async () => {
    const admin = await adminApp(server, { dialect });
    const id = unique("billing");
    const inner = unique("billing_read");
    await admin.createProjectPermissionDefinition({ id: inner, containedPermissionIds: [] });
    await admin.createProjectPermissionDefinition({ id, description: "Billing", containedPermissionIds: [inner] });
    const project = await admin.listProjectPermissionDefinitions();
    expect(project.find((p) => p.id === id)).toMatchObject({ containedPermissionIds: [inner] });
    expect(project.some((p) => p.id.startsWith("$"))).toBe(false);
    expect((await admin.listTeamPermissionDefinitions()).some((p) => p.id === id)).toBe(false);
    await admin.updateProjectPermissionDefinition(id, { description: "Billing 2" });
    expect((await admin.listProjectPermissionDefinitions()).find((p) => p.id === id)).toMatchObject({
      description: "Billing 2",
      containedPermissionIds: [inner],
    });
    await admin.deleteProjectPermissionDefinition(id);
    await admin.deleteProjectPermissionDefinition(inner);
  });
});

describe("permission definition errors", () => {
  it("answers the recorded codes for duplicates, unknown contents, unknown ids and non-admins", async () => {
    const id = unique("dup");
    expect((await asAdmin("/team-permission-definitions", { body: { id } })).status).toBe(201);
    const duplicate = await asAdmin("/team-permission-definitions", { body: { id, description: "again" } });
    expect([duplicate.status, knownError(duplicate).code]).toEqual([400, "PERMISSION_ID_ALREADY_EXISTS"]);
    expect(knownError(duplicate).details).toEqual({ permission_id: id });

    const unknownContent = await asAdmin("/team-permission-definitions", {
      body: { id: unique("x"), contained_permission_ids: ["no_such_permission"] },
    });
    expect([unknownContent.status, knownError(unknownContent).code]).toEqual([400, "CONTAINED_PERMISSION_NOT_FOUND"]);
    // Team permissions cannot contain project ones, and the other way round.
    const crossScope = await asAdmin("/project-permission-definitions", {
      body: { id: unique("x"), contained_permission_ids: ["$read_members"] },
    });
    expect(knownError(crossScope).code).toBe("CONTAINED_PERMISSION_NOT_FOUND");

    const missing = await asAdmin(`/project-permission-definitions/${unique("gone")}`, { method: "DELETE" });
    expect([missing.status, knownError(missing).code]).toEqual([404, "PERMISSION_NOT_FOUND"]);
    const missingUpdate = await asAdmin(`/team-permission-definitions/${unique("gone")}`, {
      method: "PATCH",
      body: { description: "x" },
    });
    expect(knownError(missingUpdate).code).toBe("PERMISSION_NOT_FOUND");

    const asServer = await stackFetch(server, "/team-permission-definitions", {
      access: "server",
      keys: await appProjectOf(server),
    });
    expect([asServer.status, knownError(asServer).code]).toEqual([401, "INSUFFICIENT_ACCESS_TYPE"]);
  });

  it("refuses cycles, reserved ids and changes to system permissions", async () => {
    const a = unique("a");
    const b = unique("b");
    await asAdmin("/team-permission-definitions", { body: { id: a } });
    await asAdmin("/team-permission-definitions", { body: { id: b, contained_permission_ids: [a] } });
    const cycle = await asAdmin(`/team-permission-definitions/${a}`, {
      method: "PATCH",
      body: { contained_permission_ids: [b] },
    });
    expect([cycle.status, knownError(cycle).code]).toEqual([400, "SCHEMA_ERROR"]);
    const self = await asAdmin(`/team-permission-definitions/${a}`, {
      method: "PATCH",
      body: { contained_permission_ids: [a] },
    });
    expect(self.status).toBe(400);

    expect(knownError(await asAdmin("/team-permission-definitions", { body: { id: "$mine" } })).code).toBe(
      "SCHEMA_ERROR",
    );
    expect((await asAdmin("/team-permission-definitions/$update_team", { method: "DELETE" })).status).toBe(400);
    expect(
      (await asAdmin("/team-permission-definitions/$update_team", { method: "PATCH", body: { description: "x" } }))
        .status,
    ).toBe(400);
    const bad = await asAdmin("/team-permission-definitions", { body: { id: "has space" } });
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");
  });
});

describe("permission definitions over HTTP", () => {
  it("share one id namespace across team and project, and leave an unset description out", async () => {
    const id = unique("shared");
    const created = await asAdmin("/project-permission-definitions", { body: { id } });
    expect(created.body).toEqual({ id, contained_permission_ids: [] });
    const clash = await asAdmin("/team-permission-definitions", { body: { id } });
    expect([clash.status, (clash.body as { code: string }).code]).toEqual([400, "PERMISSION_ID_ALREADY_EXISTS"]);
    await asAdmin(`/project-permission-definitions/${id}`, { method: "DELETE" });
  });
});
