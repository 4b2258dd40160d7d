import { randomUUID } from "node:crypto";
import type { StackAdminApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { adminApp, appProjectOf, clientApp, createTestUser, DIALECTS, serverApp } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
let admin: StackAdminApp;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  admin = await adminApp(server);
});
afterAll(async () => {
  await server?.close();
});

const ids = (permissions: { id: string }[]) => permissions.map((p) => p.id).sort();

describe.each(DIALECTS)("project permissions with the %s dialect", (dialect) => {
  it("grants, expands contained permissions, follows renames and revokes", async () => {
    const suffix = randomUUID().slice(0, 8);
    const read = `read_${suffix}`;
    const billing = `billing_${suffix}`;
    await admin.createProjectPermissionDefinition({ id: read, containedPermissionIds: [] });
    await admin.createProjectPermissionDefinition({ id: billing, containedPermissionIds: [read] });

    const person = await createTestUser(server);
    const app = await clientApp(server, { dialect, tokens: person });
    const user = await app.getUser({ or: "throw" });
    expect(await user.hasPermission(billing)).toBe(false);

    const server_ = await serverApp(server, { dialect });
    const serverUser = await server_.getUser(person.userId);
    await serverUser?.grantPermission(billing);
    expect(ids(await user.listPermissions())).toEqual([billing, read]);
    expect(ids(await user.listPermissions({ recursive: false }))).toEqual([billing]);
    expect(await user.hasPermission(read)).toBe(true);

    const unknown = serverUser?.grantPermission(`missing_${suffix}`);
    await expect(unknown).rejects.toMatchObject({ errorCode: "PERMISSION_NOT_FOUND" });

    // A renamed definition keeps its holders (over HTTP: the SDK sends no id when updating).
    const renamed = `finance_${suffix}`;
    const rename = await stackFetch(server, `/project-permission-definitions/${billing}`, {
      method: "PATCH",
      access: "admin",
      keys,
      body: { id: renamed },
    });
    expect(rename.status).toBe(200);
    const held = await stackFetch(server, `/project-permissions?user_id=${person.userId}&recursive=false`, {
      method: "GET",
      access: "server",
      keys,
    });
    expect(ids((held.body as { items: { id: string }[] }).items)).toEqual([renamed]);

    await serverUser?.revokePermission(renamed);
    expect(await (await server_.getUser(person.userId))?.hasPermission(read)).toBe(false);
    await admin.deleteProjectPermissionDefinition(renamed);
    await admin.deleteProjectPermissionDefinition(read);
  });
});

describe("project permission rules", () => {
  it("gives new users the project's default permissions, however they sign up", async () => {
    const id = `member_${randomUUID().slice(0, 8)}`;
    await admin.createProjectPermissionDefinition({ id, containedPermissionIds: [] });
    const project = await admin.getProject();
    await project.update({ config: { userDefaultPermissions: [{ id }] } } as never);
    try {
      const app = await clientApp(server);
      const signUp = await app.signUpWithCredential({
        email: `defaults-${randomUUID()}@example.com`,
        password: "correct-horse-1",
        noRedirect: true,
        noVerificationCallback: true,
      });
      expect(signUp.status).toBe("ok");
      expect(await (await app.getUser({ or: "throw" })).hasPermission(id)).toBe(true);
      const anonymous = await stackFetch(server, "/auth/anonymous/sign-up", { method: "POST", access: "client", keys });
      const { user_id } = anonymous.body as { user_id: string };
      const listed = await stackFetch(server, `/project-permissions?user_id=${user_id}`, {
        method: "GET",
        access: "server",
        keys,
      });
      expect((listed.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([id]);
    } finally {
      await project.update({ config: { userDefaultPermissions: [] } } as never);
      await admin.deleteProjectPermissionDefinition(id);
    }
  });

  it("lets a client list only its own, and grant nothing", async () => {
    const a = await createTestUser(server);
    const b = await createTestUser(server);
    const other = await stackFetch(server, `/project-permissions?user_id=${b.userId}`, {
      method: "GET",
      access: "client",
      keys,
      accessToken: a.accessToken,
    });
    expect(other.status).toBe(403);
    const grant = await stackFetch(server, `/project-permissions/${a.userId}/anything`, {
      method: "POST",
      access: "client",
      keys,
      accessToken: a.accessToken,
      body: {},
    });
    expect((grant.body as { code: string }).code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });
});
