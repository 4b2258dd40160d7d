import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const link = (user_id: string, account_id: string, allow_sign_in = true, provider_config_id = "github") =>
  stackFetch(server, "/oauth-providers", {
    access: "server",
    keys,
    body: { user_id, provider_config_id, account_id, allow_sign_in, allow_connected_accounts: true, email: null },
  });

describe("/oauth-providers", () => {
  it("links accounts by hand, one signing account per provider and user and per account id", async () => {
    const a = await createTestUser(server);
    const b = await createTestUser(server);
    const created = await link(a.userId, "gh-1");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user_id: a.userId,
      provider_config_id: "github",
      type: "github",
      account_id: "gh-1",
    });
    const id = (created.body as { id: string }).id;

    expect((await link(a.userId, "gh-2")).status).toBe(400);
    expect(knownError(await link(b.userId, "gh-1")).code).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    // Kept for connected accounts only, the same id may belong to someone else too.
    expect((await link(b.userId, "gh-1", false)).status).toBe(201);
    expect((await link(a.userId, "x", true, "nowhere")).status).toBe(404);

    // A client reads and toggles its own, and cannot see the account id or anyone else's.
    const mine = await stackFetch(server, "/oauth-providers?user_id=me", {
      access: "client",
      keys,
      accessToken: a.accessToken,
    });
    expect((mine.body as { items: Record<string, unknown>[] }).items).toEqual([
      expect.not.objectContaining({ account_id: expect.anything() }),
    ]);
    const off = await stackFetch(server, `/oauth-providers/me/${id}`, {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: a.accessToken,
      body: { allow_sign_in: false },
    });
    expect((off.body as { allow_sign_in: boolean }).allow_sign_in).toBe(false);
    const others = await stackFetch(server, `/oauth-providers/${b.userId}/${id}`, {
      access: "client",
      keys,
      accessToken: a.accessToken,
    });
    expect(others.status).toBe(403);
    const gone = await stackFetch(server, `/oauth-providers/me/${id}`, {
      method: "DELETE",
      access: "client",
      keys,
      accessToken: a.accessToken,
    });
    expect(gone.status).toBe(200);
    expect((await stackFetch(server, `/oauth-providers/${a.userId}/${id}`, { access: "server", keys })).status).toBe(
      404,
    );
  });
});
