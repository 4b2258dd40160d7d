import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** The country header a proxy in front of the server sets (Cloudflare's). */
const HEADER = "cf-ipcountry";

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "auth-country-mail-")));
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl, AUTH_COUNTRY_HEADER: "CF-IPCountry" },
  });
  keys = await appProjectOf(server);
  const set = await stackFetch(server, "/internal/config/override/environment", {
    method: "PATCH",
    access: "admin",
    keys,
    body: {
      config_override_string: JSON.stringify({
        "auth.otp.allowSignIn": true,
        "auth.signUpRules.block-de": {
          enabled: true,
          displayName: "No sign-ups from Germany",
          priority: 0,
          condition: 'countryCode == "DE"',
          action: { type: "reject" },
        },
        "auth.signUpRulesDefaultAction": "allow",
      }),
    },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  rmSync(mail.dir, { recursive: true, force: true });
});

const passwordSignUp = (srv: TestServer, srvKeys: AppProjectKeys, country?: string) =>
  stackFetch(srv, "/auth/password/sign-up", {
    access: "client",
    keys: srvKeys,
    headers: country ? { [HEADER]: country } : {},
    body: { email: `country-${randomUUID()}@example.com`, password: "correct-horse-1" },
  });
const serverUser = async (srv: TestServer, srvKeys: AppProjectKeys, id: string) =>
  (await stackFetch(srv, `/users/${id}`, { access: "server", keys: srvKeys })).body as { country_code: string | null };

describe("the caller's country from the proxy's header (AUTH_COUNTRY_HEADER)", () => {
  it("feeds sign-up rules and a new user's country_code; values that are no country count as none", async () => {
    const rejected = await passwordSignUp(server, keys, "de");
    expect(rejected.status).toBe(403);
    expect(knownError(rejected).code).toBe("SIGN_UP_REJECTED");

    const allowed = await passwordSignUp(server, keys, "US");
    expect(allowed.status).toBe(200);
    const { user_id } = allowed.body as { user_id: string };
    expect((await serverUser(server, keys, user_id)).country_code).toBe("US");

    for (const notACountry of ["XX", "T1", "USA", ""]) {
      const signedUp = await passwordSignUp(server, keys, notACountry);
      expect(signedUp.status).toBe(200);
      expect((await serverUser(server, keys, (signedUp.body as { user_id: string }).user_id)).country_code).toBe(null);
    }

    const tested = await stackFetch(server, "/internal/sign-up-rules-test", {
      access: "admin",
      keys,
      headers: { [HEADER]: "DE" },
      body: { email: "who@example.com", auth_method: "password", oauth_provider: null, country_code: null },
    });
    expect(tested.body).toMatchObject({ context: { country_code: "DE" }, outcome: { decision: "reject" } });
  });

  it("judges a one-time-code sign-up by the country the code was asked for from", async () => {
    const email = `otp-country-${randomUUID()}@example.com`;
    const sent = await stackFetch(server, "/auth/otp/send-sign-in-code", {
      access: "client",
      keys,
      headers: { [HEADER]: "CA" },
      body: { email, callback_url: `${server.url}/handler/magic-link-callback` },
    });
    expect(sent.status).toBe(200);
    const code = /magic-link-callback\?code=([a-z0-9]{45})/.exec((await waitForMail(mail.dir, email)).text)?.[1];
    const signedIn = await stackFetch(server, "/auth/otp/sign-in", {
      access: "client",
      keys,
      headers: { [HEADER]: "DE" },
      body: { code },
    });
    expect(signedIn.status).toBe(200);
    const { user_id } = signedIn.body as { user_id: string };
    expect((await serverUser(server, keys, user_id)).country_code).toBe("CA");
  });
});

describe("without AUTH_COUNTRY_HEADER", () => {
  it("believes no country header a client sends", async () => {
    const plain = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
    try {
      const plainKeys = await appProjectOf(plain);
      const signedUp = await passwordSignUp(plain, plainKeys, "US");
      expect(signedUp.status).toBe(200);
      const { user_id } = signedUp.body as { user_id: string };
      expect((await serverUser(plain, plainKeys, user_id)).country_code).toBe(null);
    } finally {
      await plain.close();
    }
  });
});
