import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyTeam } from "../../server/contract/teams.ts";
import { appProjectOf, createTestUser, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

// The app API keeps a user's teams briefly; a team made through the auth service (as the web app's
// Create team does) is not seen by that cache. The web app then asks with Cache-Control: no-cache.
// The cache is kept for its longest allowed time (5 s) here, so that a plain request would still
// answer the list without the new team.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TEAM_RIGHTS_CACHE_MS: "5000" } });
});
afterAll(async () => {
  await server?.close();
});

describe("GET /teams", () => {
  it("answers a team made through the auth service at once when asked with Cache-Control: no-cache", async () => {
    const user = await createTestUser(server, { verified: true });
    expect((await api<MyTeam[]>(server, user.accessToken, "GET", "/teams")).data).toEqual([]);
    const made = await server.request("/auth/api/v1/teams", {
      method: "POST",
      headers: serverHeaders(await appProjectOf(server)),
      body: JSON.stringify({ display_name: "Fresh", creator_user_id: user.userId }),
    });
    expect(made.status).toBe(201);
    const teamId = ((await made.json()) as { id: string }).id;

    const fresh = await api<MyTeam[]>(server, user.accessToken, "GET", "/teams", undefined, {
      "cache-control": "no-cache",
    });
    expect(fresh.data).toEqual([{ id: teamId, displayName: "Fresh", role: "owner" }]);
    // The cache now holds the list as it is.
    expect((await api<MyTeam[]>(server, user.accessToken, "GET", "/teams")).data).toEqual(fresh.data);
  });
});
