import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { clientApp, DIALECTS } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "auth-mail-")));
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl } });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  rmSync(mail.dir, { recursive: true, force: true });
});

const verifyUrl = () => `${server.url}/handler/email-verification`;
const resetUrl = () => `${server.url}/handler/password-reset`;

function codeFrom(text: string, path: string): string {
  const match = new RegExp(`${path}\\?code=([a-z0-9]{45})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link with a code in:\n${text}`);
  return match[1];
}

describe.each(DIALECTS)("e-mail flows with the %s dialect", (dialect) => {
  it("verifies the e-mail from the sign-up mail, and the code works only once", async () => {
    const app = await clientApp(server, { dialect });
    const email = `verify-${randomUUID()}@example.com`;
    const signUp = await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      verificationCallbackUrl: `${server.url}/handler/email-verification`,
    });
    expect(signUp.status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(false);

    const message = await waitForMail(mail.dir, email);
    expect(message.subject).toBe("Verify your email at App Console");
    const code = codeFrom(message.text, "/handler/email-verification");

    expect((await app.verifyEmail(code)).status).toBe("ok");
    const again = await app.verifyEmail(code);
    expect(again.status === "error" && again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");

    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmailVerified).toBe(true);
    const channels = await user.listContactChannels();
    expect(channels.map((ch) => [ch.value, ch.isPrimary, ch.isVerified, ch.usedForAuth])).toEqual([
      [email, true, true, true],
    ]);
    // The SDK swallows EMAIL_ALREADY_VERIFIED here; the HTTP tests check the error itself.
    await expect(channels[0]?.sendVerificationEmail({ callbackUrl: verifyUrl() })).resolves.toBeUndefined();
  });

  it("resends the verification mail for a contact channel", async () => {
    const app = await clientApp(server, { dialect });
    const email = `resend-${randomUUID()}@example.com`;
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const user = await app.getUser({ or: "throw" });
    const [channel] = await user.listContactChannels();
    await channel?.sendVerificationEmail({ callbackUrl: verifyUrl() });
    const message = await waitForMail(mail.dir, email);
    const code = codeFrom(message.text, "/handler/email-verification");
    expect((await app.verifyEmail(code)).status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
  });

  it("adds, promotes and deletes contact channels", async () => {
    const app = await clientApp(server, { dialect });
    const email = `channels-${randomUUID()}@example.com`;
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const user = await app.getUser({ or: "throw" });
    const second = `second-${randomUUID()}@example.com`;
    const added = await user.createContactChannel({ type: "email", value: second, usedForAuth: true });
    expect([added.value, added.isPrimary, added.isVerified]).toEqual([second, false, false]);

    await added.update({ isPrimary: true });
    const afterPromote = await app.getUser({ or: "throw" });
    expect(afterPromote.primaryEmail).toBe(second);
    const channels = await afterPromote.listContactChannels();
    expect(channels.filter((ch) => ch.isPrimary).map((ch) => ch.value)).toEqual([second]);

    // Both addresses sign in, since both are used for auth.
    const other = await clientApp(server, { dialect });
    expect(
      (await other.signInWithCredential({ email: second, password: "correct-horse-1", noRedirect: true })).status,
    ).toBe("ok");

    // Nobody else can claim an address another account signs in with.
    const rival = await clientApp(server, { dialect });
    await rival.signUpWithCredential({
      email: `rival-${randomUUID()}@example.com`,
      password: "correct-horse-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const rivalUser = await rival.getUser({ or: "throw" });
    await expect(
      rivalUser.createContactChannel({ type: "email", value: second, usedForAuth: true }),
    ).rejects.toMatchObject({
      errorCode: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    });

    const original = channels.find((ch) => ch.value === email);
    await original?.delete();
    expect((await (await app.getUser({ or: "throw" })).listContactChannels()).map((ch) => ch.value)).toEqual([second]);
  });

  it("resets a forgotten password, which ends every session", async () => {
    const email = `reset-${randomUUID()}@example.com`;
    const first = await clientApp(server, { dialect });
    await first.signUpWithCredential({
      email,
      password: "old-password-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    expect(await first.getUser()).not.toBeNull();

    const anonymous = await clientApp(server, { dialect });
    const sent = await anonymous.sendForgotPasswordEmail(email, { callbackUrl: resetUrl() });
    expect(sent.status).toBe("ok");
    // Unknown addresses get the same answer.
    expect(
      (await anonymous.sendForgotPasswordEmail(`ghost-${randomUUID()}@example.com`, { callbackUrl: resetUrl() }))
        .status,
    ).toBe("ok");

    const message = await waitForMail(mail.dir, email);
    expect(message.subject).toBe("Reset your password at App Console");
    const code = codeFrom(message.text, "/handler/password-reset");
    expect((await anonymous.verifyPasswordResetCode(code)).status).toBe("ok");
    expect((await anonymous.resetPassword({ code, password: "new-password-1" })).status).toBe("ok");
    const reused = await anonymous.resetPassword({ code, password: "other-password-1" });
    expect(reused.status === "error" && reused.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");

    // The old session's refresh token is gone: its next refresh fails and the SDK signs out.
    const firstUser = await first.getUser({ or: "throw" });
    await firstUser.update({ displayName: "forces a refresh" }).catch(() => undefined);
    const tokens = await firstUser.currentSession.getTokens();
    expect(tokens.accessToken).toBeNull();
    expect(await first.getUser()).toBeNull();

    const wrong = await anonymous.signInWithCredential({ email, password: "old-password-1", noRedirect: true });
    expect(wrong.status === "error" && wrong.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");
    const right = await anonymous.signInWithCredential({ email, password: "new-password-1", noRedirect: true });
    expect(right.status).toBe("ok");
  });

  it("updates the password and keeps only the current session", async () => {
    const email = `update-${randomUUID()}@example.com`;
    const a = await clientApp(server, { dialect });
    await a.signUpWithCredential({
      email,
      password: "first-password-1",
      noRedirect: true,
      noVerificationCallback: true,
    });
    const b = await clientApp(server, { dialect });
    await b.signInWithCredential({ email, password: "first-password-1", noRedirect: true });

    const userA = await a.getUser({ or: "throw" });
    expect((await userA.getActiveSessions()).length).toBe(2);
    expect(await userA.updatePassword({ oldPassword: "nope-nope-1", newPassword: "second-password-1" })).toMatchObject({
      errorCode: "PASSWORD_CONFIRMATION_MISMATCH",
    });
    expect(
      await userA.updatePassword({ oldPassword: "first-password-1", newPassword: "second-password-1" }),
    ).toBeUndefined();
    const sessions = await userA.getActiveSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.isCurrentSession).toBe(true);
  });
});
