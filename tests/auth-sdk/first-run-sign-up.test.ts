import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInternalProjectKeys } from "../../server/auth/stores/projects.ts";
import { devProviderSignIn } from "../helpers/dev-oauth.ts";
import { appProjectOf, clientApp, createTestUser, openInternalSignUp } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { completeSetup, startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Issue 33: on a fresh instance the setup link is the only way into the console's project. Every
 * path that makes an account on a visitor's request is refused until the first operator exists.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    firstOperator: false,
    env: { DEV_OAUTH_PROVIDER: "true", AUTH_RATE_LIMITS: "false" },
  });
  // Sign-in codes are off by default; the operator's key switches them on, as an operator would.
  const res = await stackFetch(server, "/internal/projects/current", {
    method: "PATCH",
    access: "admin",
    keys: await appProjectOf(server),
    body: { config: { magic_link_enabled: true } },
  });
  if (res.status !== 200) throw new Error(`switching sign-in codes on answered ${res.status}: ${res.text}`);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const newAddress = (path: string) => `${path}-${randomUUID()}@example.com`;

async function runtimeConfig(): Promise<Record<string, unknown>> {
  return (await (await server.request("/config.json")).json()) as Record<string, unknown>;
}

/** "ok" or the known-error code, whether the SDK returns it in its result or throws it (not in the call's union). */
async function outcome(call: () => Promise<{ status: "ok" } | { status: "error"; error: { errorCode: string } }>) {
  try {
    const result = await call();
    return result.status === "ok" ? "ok" : result.error.errorCode;
  } catch (error) {
    const code = (error as { errorCode?: unknown }).errorCode;
    if (typeof code === "string") return code;
    throw error;
  }
}

/** Each way a visitor makes an account, reporting the known-error code or "ok". */
const paths = {
  async password() {
    const app = await clientApp(server);
    return outcome(() =>
      app.signUpWithCredential({
        email: newAddress("password"),
        password: `pw-${randomUUID()}`,
        noRedirect: true,
        verificationCallbackUrl: `${server.url}/handler/email-verification`,
      }),
    );
  },
  async otp() {
    const app = await clientApp(server);
    return outcome(() =>
      app.sendMagicLinkEmail(newAddress("otp"), { callbackUrl: `${server.url}/handler/magic-link-callback` }),
    );
  },
  async anonymous() {
    const res = await stackFetch(server, "/auth/anonymous/sign-up", {
      method: "POST",
      access: "client",
      keys: await appProjectOf(server),
      body: {},
    });
    return res.status === 200 ? "ok" : (res.headers.get("x-stack-known-error") ?? `HTTP ${res.status}`);
  },
  async social() {
    const outcome = await devProviderSignIn(server, await clientApp(server), {
      provider: "github",
      email: newAddress("social"),
    });
    return outcome.ok ? "ok" : outcome.code;
  },
};

describe("sign-up to the console before the first operator exists", () => {
  it("is announced in /config.json, which tells nothing more", async () => {
    expect((await runtimeConfig()).setupPending).toBe(true);
  });

  it("is refused on every path with SIGN_UP_NOT_ENABLED, which the SDK knows, saying why", async () => {
    // Accounts an operator makes with the server key do not open sign-up.
    await createTestUser(server, { verified: true });
    for (const [path, attempt] of Object.entries(paths)) {
      expect(await attempt(), path).toBe("SIGN_UP_NOT_ENABLED");
    }
    // The SDK shows its own text for the code; the wire says what to do.
    const res = await stackFetch(server, "/auth/password/sign-up", {
      access: "client",
      keys: await appProjectOf(server),
      body: { email: newAddress("message"), password: `pw-${randomUUID()}` },
    });
    expect([res.status, res.headers.get("x-stack-known-error")]).toEqual([400, "SIGN_UP_NOT_ENABLED"]);
    expect(res.text).toContain("open the setup link the server printed");
  });

  it("leaves the internal project to its own setting", async () => {
    await openInternalSignUp(server);
    const res = await stackFetch(server, "/auth/password/sign-up", {
      access: "client",
      keys: await loadInternalProjectKeys(server.store),
      body: { email: newAddress("internal"), password: `pw-${randomUUID()}` },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe("sign-up to the console once the setup link made the first operator", () => {
  beforeAll(async () => {
    await completeSetup(server.url, server.setupUrl ?? "");
  });

  it("is open on every path, and /config.json no longer says pending", async () => {
    expect((await runtimeConfig()).setupPending).toBe(false);
    for (const [path, attempt] of Object.entries(paths)) {
      expect(await attempt(), path).toBe("ok");
    }
  });
});
