import { generateKeyPairSync } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { eq } from "drizzle-orm";
import { StackClientApp as StackClientApp102 } from "stackframe-js-2-8-102";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { authPasskeysTable } from "../../server/db/schema/index.ts";
import { coseKeyOf, SoftwareAuthenticator, SoftwareBrowser } from "../helpers/software-authenticator.ts";
import { adminApp, appProjectOf, createTestUser, DIALECTS, type Dialect, handlerUrls } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Passkeys through the official SDK's own `user.registerPasskey()` and `app.signInWithPasskey()`,
 * in both wire dialects. Node has no WebAuthn, so the SDK's @simplewebauthn/browser talks to a
 * software authenticator (tests/helpers/software-authenticator.ts) behind `navigator.credentials`,
 * on a page at http://localhost:<port> (a trusted origin: the project allows localhost).
 */

let server: TestServer;
let pageOrigin: string;
let browser: SoftwareBrowser | null = null;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  pageOrigin = `http://localhost:${server.port}`;
  const admin = await adminApp(server);
  const project = await admin.getProject();
  await project.update({ config: { passkeyEnabled: true } });
  expect((await admin.getProject()).config.passkeyEnabled).toBe(true);
});
afterEach(() => {
  browser?.uninstall();
  browser = null;
});
afterAll(async () => {
  await server?.close();
});

/** A browser at `pageUrl` whose WebAuthn calls reach `authenticator`. */
function openBrowser(authenticator: SoftwareAuthenticator, pageUrl = `${pageOrigin}/account`): SoftwareBrowser {
  browser = new SoftwareBrowser(authenticator, pageUrl).install();
  return browser;
}

/**
 * The SDK as a page on `pageOrigin` runs it: memory tokens, handler URLs on the page's origin. With
 * `navigations`, redirects are recorded there (and `registerPasskey` can read the page's URL, which
 * it needs); without, the app does not redirect.
 */
async function pageApp(
  dialect: Dialect,
  options: { tokens?: { accessToken: string; refreshToken: string }; navigations?: string[] } = {},
): Promise<StackClientApp<true>> {
  const keys = await appProjectOf(server);
  const { navigations } = options;
  const navigate = (to: string) => navigations?.push(to);
  const init = {
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    baseUrl: `${server.url}/auth`,
    tokenStore: options.tokens ? { ...options.tokens } : ("memory" as const),
    noAutomaticPrefetch: true,
    urls: { ...handlerUrls(server), afterSignIn: `${pageOrigin}/`, afterSignUp: `${pageOrigin}/` },
    redirectMethod: navigations ? { useNavigate: () => navigate, navigate } : ("none" as const),
  };
  if (dialect === "stack") return new StackClientApp102(init) as unknown as StackClientApp<true>;
  return new StackClientApp(init);
}

const passkeysOf = (userId: string) =>
  server.store.db.select().from(authPasskeysTable).where(eq(authPasskeysTable.userId, userId));

/** A new user who registers one passkey on `authenticator` through the SDK. */
async function userWithPasskey(dialect: Dialect, authenticator: SoftwareAuthenticator) {
  const test = await createTestUser(server);
  openBrowser(authenticator);
  const app = await pageApp(dialect, { tokens: test, navigations: [] });
  const registered = await (await app.getUser({ or: "throw" })).registerPasskey();
  expect(registered.status).toBe("ok");
  return test;
}

/** `signInWithPasskey()` from a fresh page (no session) on the login page. */
async function signInFresh(dialect: Dialect) {
  browser?.goTo(`${pageOrigin}/login`);
  const app = await pageApp(dialect);
  const result = await app.signInWithPasskey();
  return { app, result, user: await app.getUser() };
}

const errorOf = (result: Awaited<ReturnType<StackClientApp<true>["signInWithPasskey"]>>) =>
  result.status === "error" ? { code: result.error.errorCode, message: result.error.message } : null;

for (const dialect of DIALECTS) {
  describe(`passkeys through the SDK with the ${dialect} dialect`, () => {
    it("registers a passkey for the signed-in user, then signs in with it into a new session of that user", async () => {
      const test = await createTestUser(server);
      const authenticator = new SoftwareAuthenticator();
      const page = openBrowser(authenticator);
      const app = await pageApp(dialect, { tokens: test, navigations: [] });
      const user = await app.getUser({ or: "throw" });
      expect(user.passkeyAuthEnabled).toBe(false);
      expect(await passkeysOf(test.userId)).toEqual([]);

      const registered = await user.registerPasskey();
      expect(registered.status).toBe("ok");
      expect(page.calls).toEqual(["create"]);
      expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(true);
      // The server keeps exactly the key the authenticator made, under its credential id.
      const [credential] = authenticator.credentials;
      expect(credential?.rpId).toBe("localhost");
      const stored = await passkeysOf(test.userId);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.credentialId).toBe(credential?.id.toString("base64url"));
      expect(stored[0]?.publicKey).toBe(credential && coseKeyOf(credential.publicKey).toString("base64url"));
      expect(stored[0]?.counter).toBe(0);

      // A fresh visitor on the login page: no session until the passkey signs in.
      page.goTo(`${pageOrigin}/login`);
      const navigations: string[] = [];
      const visitor = await pageApp(dialect, { navigations });
      expect(await visitor.getUser()).toBeNull();
      const signedIn = await visitor.signInWithPasskey();
      expect(signedIn.status).toBe("ok");
      expect(page.calls).toEqual(["create", "get"]);
      expect(navigations).toEqual([`${pageOrigin}/`]);
      const me = await visitor.getUser({ or: "throw" });
      expect(me.id).toBe(test.userId);
      expect(me.primaryEmail).toBe(test.email);
      expect((await passkeysOf(test.userId))[0]?.counter).toBe(1);
      // A session of its own, next to the one the test user started with.
      expect((await me.getActiveSessions()).length).toBe(2);
    });

    it("refuses a second registration on the same authenticator (the server lists it in excludeCredentials)", async () => {
      const authenticator = new SoftwareAuthenticator();
      const test = await userWithPasskey(dialect, authenticator);
      const app = await pageApp(dialect, { tokens: test, navigations: [] });
      const again = await (await app.getUser({ or: "throw" })).registerPasskey();
      expect(again.status === "error" && again.error.errorCode).toBe("PASSKEY_WEBAUTHN_ERROR");
      expect(again.status === "error" && again.error.message).toContain("previously registered");
      expect(await passkeysOf(test.userId)).toHaveLength(1);
      expect(authenticator.credentials).toHaveLength(1);
    });

    it("with a counting authenticator refuses a sign-in whose counter did not go up, and takes the next one", async () => {
      const authenticator = new SoftwareAuthenticator({ signCount: "increment" });
      const test = await userWithPasskey(dialect, authenticator);
      const first = await signInFresh(dialect);
      expect(first.result.status).toBe("ok");
      expect(first.user?.id).toBe(test.userId);
      expect((await passkeysOf(test.userId))[0]?.counter).toBe(1);

      // A cloned authenticator (or a replay) presents counter 1 again: refused, nobody signed in.
      authenticator.tamperNext({ signCount: 1 });
      const replay = await signInFresh(dialect);
      expect(errorOf(replay.result)).toEqual({
        code: "PASSKEY_AUTHENTICATION_FAILED",
        message: expect.stringContaining("Response counter value 1 was lower than expected 1"),
      });
      expect(replay.user).toBeNull();
      // Going back (0 after 1) is refused too.
      authenticator.tamperNext({ signCount: 0 });
      expect(errorOf((await signInFresh(dialect)).result)?.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
      expect((await passkeysOf(test.userId))[0]?.counter).toBe(1);

      // The genuine authenticator's next counter (2) works, and is kept.
      const next = await signInFresh(dialect);
      expect(next.result.status).toBe("ok");
      expect(next.user?.id).toBe(test.userId);
      expect((await passkeysOf(test.userId))[0]?.counter).toBe(2);
    });

    it("with an authenticator without a counter (always 0, like synced passkeys) signs in every time", async () => {
      const authenticator = new SoftwareAuthenticator({ signCount: "zero" });
      const test = await userWithPasskey(dialect, authenticator);
      for (let i = 0; i < 2; i++) {
        const signIn = await signInFresh(dialect);
        expect(signIn.result.status).toBe("ok");
        expect(signIn.user?.id).toBe(test.userId);
      }
      expect((await passkeysOf(test.userId))[0]?.counter).toBe(0);
    });

    it("refuses a passkey registered on an untrusted origin", async () => {
      const test = await createTestUser(server);
      const authenticator = new SoftwareAuthenticator();
      const page = openBrowser(authenticator, "https://phish.example/account");
      const app = await pageApp(dialect, { tokens: test, navigations: [] });
      const result = await (await app.getUser({ or: "throw" })).registerPasskey();
      // The browser did make a credential for phish.example; the server does not take it.
      expect(page.calls).toEqual(["create"]);
      expect(authenticator.credentials[0]?.rpId).toBe("phish.example");
      expect(result.status === "error" && result.error.errorCode).toBe("PASSKEY_REGISTRATION_FAILED");
      expect(result.status === "error" && result.error.message).toContain(
        "origin is not allowed: https://phish.example, which is not a trusted domain",
      );
      expect(await passkeysOf(test.userId)).toEqual([]);
      expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(false);
    });

    it("refuses a sign-in whose client data names an untrusted origin", async () => {
      const authenticator = new SoftwareAuthenticator();
      const test = await userWithPasskey(dialect, authenticator);
      authenticator.tamperNext({ origin: "https://phish.example" });
      const forged = await signInFresh(dialect);
      expect(errorOf(forged.result)).toEqual({
        code: "PASSKEY_AUTHENTICATION_FAILED",
        message: expect.stringContaining("origin is not allowed: https://phish.example, which is not a trusted domain"),
      });
      expect(forged.user).toBeNull();
      // The same passkey from the real page still works.
      const genuine = await signInFresh(dialect);
      expect(genuine.result.status).toBe("ok");
      expect(genuine.user?.id).toBe(test.userId);
    });

    it("refuses a sign-in signed by another key than the registered one", async () => {
      const authenticator = new SoftwareAuthenticator();
      const test = await userWithPasskey(dialect, authenticator);
      const otherKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
      authenticator.tamperNext({ signWith: otherKey });
      const forged = await signInFresh(dialect);
      expect(errorOf(forged.result)).toEqual({
        code: "PASSKEY_AUTHENTICATION_FAILED",
        message: "The passkey could not be verified.",
      });
      expect(forged.user).toBeNull();
      const genuine = await signInFresh(dialect);
      expect(genuine.result.status).toBe("ok");
      expect(genuine.user?.id).toBe(test.userId);
    });

    it("refuses passkey sign-in once the user turns it off, and takes it again when turned back on", async () => {
      const authenticator = new SoftwareAuthenticator();
      const test = await userWithPasskey(dialect, authenticator);
      const app = await pageApp(dialect, { tokens: test });
      await (await app.getUser({ or: "throw" })).update({ passkeyAuthEnabled: false });
      const off = await signInFresh(dialect);
      expect(errorOf(off.result)).toEqual({
        code: "PASSKEY_AUTHENTICATION_FAILED",
        message: "Passkey sign-in is turned off for this account.",
      });
      expect(off.user).toBeNull();
      await (await app.getUser({ or: "throw" })).update({ passkeyAuthEnabled: true });
      const on = await signInFresh(dialect);
      expect(on.result.status).toBe("ok");
      expect(on.user?.id).toBe(test.userId);
    });
  });
}
