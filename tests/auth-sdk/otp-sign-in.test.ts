import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { adminApp, appProjectOf, clientApp, createTestUser, DIALECTS } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

async function setMagicLink(enabled: boolean, signUpEnabled = true): Promise<void> {
  const admin = await adminApp(server);
  const project = await admin.getProject();
  await project.update({ config: { magicLinkEnabled: enabled, signUpEnabled } });
}

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "auth-otp-mail-")));
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl } });
  await setMagicLink(true);
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  rmSync(mail.dir, { recursive: true, force: true });
});

const callbackUrl = () => `${server.url}/handler/magic-link-callback`;

/** The link's whole code and the six characters shown for typing. */
function codesFrom(text: string): { linkCode: string; typed: string } {
  const link = /magic-link-callback\?code=([a-z0-9]{45})/.exec(text)?.[1];
  const typed = /valid for 10 minutes:\s+([0-9A-Z]{6})\s/.exec(text)?.[1];
  if (!link || !typed) throw new Error(`no sign-in link or code in:\n${text}`);
  return { linkCode: link, typed };
}

describe.each(DIALECTS)("one-time codes and magic links with the %s dialect", (dialect) => {
  it("signs up a new address through the link; the link works once", async () => {
    const app = await clientApp(server, { dialect });
    const email = `otp-new-${randomUUID()}@example.com`;
    const sent = await app.sendMagicLinkEmail(email, { callbackUrl: callbackUrl() });
    expect(sent.status).toBe("ok");
    const { linkCode } = codesFrom((await waitForMail(mail.dir, email)).text);

    const signIn = await app.signInWithMagicLink(linkCode, { noRedirect: true });
    expect(signIn.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.otpAuthEnabled).toBe(true);

    const again = await (await clientApp(server, { dialect })).signInWithMagicLink(linkCode, { noRedirect: true });
    expect(again.status === "error" && again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("stops codes already mailed once magic links are switched off", async () => {
    const app = await clientApp(server, { dialect });
    const email = `otp-off-${randomUUID()}@example.com`;
    expect((await app.sendMagicLinkEmail(email, { callbackUrl: callbackUrl() })).status).toBe("ok");
    const { linkCode } = codesFrom((await waitForMail(mail.dir, email)).text);
    await setMagicLink(false);
    try {
      await expect(app.signInWithMagicLink(linkCode, { noRedirect: true })).rejects.toThrow(
        "OTP sign-in is not enabled for this project",
      );
    } finally {
      await setMagicLink(true);
    }
    expect((await app.signInWithMagicLink(linkCode, { noRedirect: true })).status).toBe("ok");
  });

  it("upgrades an anonymous user through a code, keeping its id and data", async () => {
    const app = await clientApp(server, { dialect });
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    await anonymous.update({ clientMetadata: { cart: ["tea"] } });
    const email = `otp-anon-${randomUUID()}@example.com`;
    expect((await app.sendMagicLinkEmail(email, { callbackUrl: callbackUrl() })).status).toBe("ok");
    const { linkCode } = codesFrom((await waitForMail(mail.dir, email)).text);
    expect((await app.signInWithMagicLink(linkCode, { noRedirect: true })).status).toBe("ok");

    const upgraded = await app.getUser({ or: "throw" });
    expect(upgraded.id).toBe(anonymous.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
    expect(upgraded.clientMetadata).toEqual({ cart: ["tea"] });
  });

  it("signs in an existing user with the typed code plus the nonce of the page that asked", async () => {
    const existing = await createTestUser(server, { verified: true });
    const app = await clientApp(server, { dialect });
    const sent = await app.sendMagicLinkEmail(existing.email, { callbackUrl: callbackUrl() });
    if (sent.status !== "ok") throw new Error("send failed");
    const { typed, linkCode } = codesFrom((await waitForMail(mail.dir, existing.email)).text);
    expect(typed.toLowerCase() + sent.data.nonce).toBe(linkCode);

    const signIn = await app.signInWithMagicLink(typed + sent.data.nonce, { noRedirect: true });
    expect(signIn.status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).id).toBe(existing.userId);
  });

  it("refuses an untrusted callback URL and an unknown code", async () => {
    const app = await clientApp(server, { dialect });
    const sent = await app.sendMagicLinkEmail(`otp-x-${randomUUID()}@example.com`, {
      callbackUrl: "https://evil.example.org/cb",
    });
    expect(sent.status === "error" && sent.error.errorCode).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const signIn = await app.signInWithMagicLink("a".repeat(45), { noRedirect: true });
    expect(signIn.status === "error" && signIn.error.errorCode).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});

describe("one-time codes over HTTP", () => {
  it("mails no code for an address an account claims but never proved, nor for a new one with sign-up off", async () => {
    const keys = await appProjectOf(server);
    const send = (email: string) =>
      stackFetch(server, "/auth/otp/send-sign-in-code", {
        access: "client",
        keys,
        body: { email, callback_url: callbackUrl() },
      });
    // Someone signed up with this address and never verified it: a code would sign its owner into
    // (and verify) an account the creator still holds the password of.
    const claimed = await createTestUser(server, { verified: false });
    const refused = await send(claimed.email);
    expect(refused.status).toBe(409);
    expect(knownError(refused)).toMatchObject({
      code: "USER_EMAIL_ALREADY_EXISTS",
      error: `A user with email "${claimed.email}" already exists but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.`,
      details: { email: claimed.email, would_work_if_email_was_verified: true },
    });

    await setMagicLink(true, false);
    try {
      expect(knownError(await send(`otp-closed-${randomUUID()}@example.com`)).code).toBe("SIGN_UP_NOT_ENABLED");
    } finally {
      await setMagicLink(true, true);
    }
  });

  it("names the code in the mail's subject; the admin log lists the mail in Stack's shape, its state only when asked", async () => {
    const keys = await appProjectOf(server);
    const email = `otp-log-${randomUUID()}@example.com`;
    const sent = await stackFetch(server, "/auth/otp/send-sign-in-code", {
      access: "client",
      keys,
      body: { email, callback_url: callbackUrl() },
    });
    expect(sent.status).toBe(200);
    const caught = await waitForMail(mail.dir, email);
    const { typed } = codesFrom(caught.text);
    const project = await (await adminApp(server)).getProject();
    expect(caught.subject).toBe(`Sign in to ${project.displayName}: Your code is ${typed}`);

    const log = await stackFetch(server, "/internal/emails", { access: "admin", keys });
    expect(log.status).toBe(200);
    const body = log.body as { is_paginated: boolean; items: Array<Record<string, unknown>> };
    expect(body.is_paginated).toBe(false);
    const listed = body.items.find((item) => (item.to as string[])[0] === email);
    expect(Object.keys(listed ?? {}).sort()).toEqual(["error", "id", "sent_at_millis", "subject", "to"]);
    expect(listed?.subject).toBe(caught.subject);

    const withStatus = await stackFetch(server, "/internal/emails?include_status=true", { access: "admin", keys });
    const item = (withStatus.body as typeof body).items.find((i) => (i.to as string[])[0] === email);
    expect(item?.status).toEqual(expect.stringMatching(/^(pending|sent)$/));
    const bad = await stackFetch(server, "/internal/emails?include_status=yes", { access: "admin", keys });
    expect([bad.status, knownError(bad).code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("counts every wrong typed code against the nonce it came with", async () => {
    const keys = await appProjectOf(server);
    const email = `otp-guess-${randomUUID()}@example.com`;
    const sent = await stackFetch(server, "/auth/otp/send-sign-in-code", {
      access: "client",
      keys,
      body: { email, callback_url: callbackUrl() },
    });
    const { nonce } = sent.body as { nonce: string };
    const { typed } = codesFrom((await waitForMail(mail.dir, email)).text);
    const wrong = typed === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const signIn = (code: string) =>
      stackFetch(server, "/auth/otp/sign-in", { access: "client", keys, body: { code } });
    for (let i = 0; i < 20; i++)
      expect(knownError(await signIn(wrong + nonce)).code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect(knownError(await signIn(typed + nonce)).code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("check-code answers without using the code; sign-up through a code obeys sign_up_enabled", async () => {
    const keys = await appProjectOf(server);
    const headers = {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": keys.projectId,
      "x-stack-publishable-client-key": keys.publishableClientKey,
    };
    const email = `otp-http-${randomUUID()}@example.com`;
    const send = await server.request("/auth/api/v1/auth/otp/send-sign-in-code", {
      method: "POST",
      headers,
      body: JSON.stringify({ email, callback_url: callbackUrl() }),
    });
    expect(send.status).toBe(200);
    const { linkCode } = codesFrom((await waitForMail(mail.dir, email)).text);
    const check = await server.request("/auth/api/v1/auth/otp/sign-in/check-code", {
      method: "POST",
      headers,
      body: JSON.stringify({ code: linkCode }),
    });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ is_code_valid: true });

    await setMagicLink(true, false);
    try {
      const refused = await server.request("/auth/api/v1/auth/otp/sign-in", {
        method: "POST",
        headers,
        body: JSON.stringify({ code: linkCode }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe("SIGN_UP_NOT_ENABLED");
    } finally {
      await setMagicLink(true, true);
    }
    // The refused sign-up left the code unused: with sign-up allowed again, it signs the address up.
    const accepted = await server.request("/auth/api/v1/auth/otp/sign-in", {
      method: "POST",
      headers,
      body: JSON.stringify({ code: linkCode }),
    });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { is_new_user: boolean }).is_new_user).toBe(true);

    const bad = await server.request("/auth/api/v1/auth/otp/sign-in", {
      method: "POST",
      headers,
      body: JSON.stringify({ code: "short" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
  });
});
