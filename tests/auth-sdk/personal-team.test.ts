import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApp, clientApp, DIALECTS, serverApp } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  const admin = await adminApp(server);
  await (await admin.getProject()).update({ config: { createTeamOnSignUp: true } });
});
afterAll(async () => {
  await server?.close();
});

describe.each(DIALECTS)("a personal team on sign-up with the %s dialect", (dialect) => {
  it("signing up creates the user's own team, selected, with the creator's rights", async () => {
    const app = await clientApp(server, { dialect });
    const email = `personal-${randomUUID()}@example.com`;
    const signUp = await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(signUp.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    const teams = await user.listTeams();
    expect(teams.map((t) => t.displayName)).toEqual([`${email}'s Team`]);
    expect(user.selectedTeam?.id).toBe(teams[0]?.id);
    // team_admin contains $update_team, so the owner may rename it.
    await teams[0]?.update({ displayName: "Mine" });
    expect((await user.getTeam(teams[0]?.id ?? ""))?.displayName).toBe("Mine");
  });

  it("a user the server creates gets one too, named after the display name", async () => {
    const sApp = await serverApp(server, { dialect });
    const created = await sApp.createUser({ primaryEmail: `srv-${randomUUID()}@example.com`, displayName: "Grace" });
    const teams = await created.listTeams();
    expect(teams.map((t) => t.displayName)).toEqual(["Grace's Team"]);
    expect((await sApp.getUser(created.id))?.selectedTeam?.id).toBe(teams[0]?.id);
  });
});
