import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** The account page's sessions list: browser and system from the sign-in's User-Agent, country from the proxy. */
let server: TestServer;
let keys: AppProjectKeys;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", AUTH_COUNTRY_HEADER: "CF-IPCountry" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

interface SessionItem {
  id: string;
  is_current_session: boolean;
  user_agent: string | null;
  country_code: string | null;
}

async function signIn(user: TestUser, headers: Record<string, string>) {
  const res = await stackFetch(server, "/auth/password/sign-in", {
    access: "client",
    keys,
    headers,
    body: { email: user.email, password: user.password },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { access_token: string };
}

async function sessionsOf(accessToken: string): Promise<SessionItem[]> {
  const res = await stackFetch(server, "/auth/sessions?user_id=me&include_origin=true", {
    access: "client",
    keys,
    accessToken,
  });
  expect(res.status, res.text).toBe(200);
  return (res.body as { items: SessionItem[] }).items;
}

describe("where a session started", () => {
  it("keeps the sign-in's User-Agent and the proxy's country, not the address", async () => {
    const user = await createTestUser(server);
    const { access_token } = await signIn(user, {
      "user-agent": FIREFOX_ON_LINUX,
      "cf-ipcountry": "de",
      "x-forwarded-for": "203.0.113.5",
    });
    const current = (await sessionsOf(access_token)).find((s) => s.is_current_session);
    expect(current).toMatchObject({ user_agent: FIREFOX_ON_LINUX, country_code: "DE" });
    expect(JSON.stringify(await sessionsOf(access_token))).not.toContain("203.0.113.5");
    // Unasked, the list keeps Stack's shape.
    const plain = await stackFetch(server, "/auth/sessions?user_id=me", {
      access: "client",
      keys,
      accessToken: access_token,
    });
    const [first] = (plain.body as { items: Record<string, unknown>[] }).items;
    expect(first).not.toHaveProperty("user_agent");
    expect(first).not.toHaveProperty("country_code");
  });

  it("keeps no country the header does not name, and cuts a long User-Agent", async () => {
    const user = await createTestUser(server);
    const { access_token } = await signIn(user, { "user-agent": `Bot/1.0 ${"x".repeat(1000)}`, "cf-ipcountry": "XX" });
    const current = (await sessionsOf(access_token)).find((s) => s.is_current_session);
    expect(current?.country_code).toBeNull();
    expect(current?.user_agent).toHaveLength(256);
    // A session made by a server for the user has no sign-in request behind it.
    const made = (await sessionsOf(access_token)).find((s) => !s.is_current_session);
    expect(made).toMatchObject({ user_agent: null, country_code: null });
  });
});
