import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { adminApp, appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// Mails are written in the language of whoever asked for them: the web app's `locale` cookie (what
// the person chose on its pages), else their browser's Accept-Language, else English.
let server: TestServer;
let keys: AppProjectKeys;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "auth-mail-language-")));
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl } });
  keys = await appProjectOf(server);
  const project = await (await adminApp(server)).getProject();
  await project.update({ config: { magicLinkEnabled: true } });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  rmSync(mail.dir, { recursive: true, force: true });
});

const address = (what: string) => `${what}-${randomUUID()}@example.com`;
const callback = (path: string) => `${server.url}/handler/${path}`;

async function signUp(email: string, headers: Record<string, string>) {
  const res = await stackFetch(server, "/auth/password/sign-up", {
    access: "client",
    keys,
    headers,
    body: { email, password: "correct-horse-1", verification_callback_url: callback("email-verification") },
  });
  expect(res.status, res.text).toBe(200);
  return waitForMail(mail.dir, email);
}

describe("mails in the reader's language", () => {
  it("writes the sign-up's verification mail in German for a German browser, in English otherwise", async () => {
    const german = await signUp(address("de"), { "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(german.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse bei App Console");
    expect(german.text).toContain("Bitte bestätigen Sie, dass");
    expect(german.text).toMatch(/\/handler\/email-verification\?code=[a-z0-9]{45}/);
    expect(german.html).toContain("Wenn Sie das nicht angefordert haben");

    const english = await signUp(address("en"), { "accept-language": "fr-FR,fr;q=0.9" });
    expect(english.subject).toBe("Verify your email at App Console");
  });

  it("follows the language chosen in the web app (its locale cookie) over the browser's", async () => {
    const chosenEnglish = await signUp(address("cookie-en"), { cookie: "locale=en", "accept-language": "de-DE" });
    expect(chosenEnglish.subject).toBe("Verify your email at App Console");
    const chosenGerman = await signUp(address("cookie-de"), { cookie: "locale=de", "accept-language": "en-US" });
    expect(chosenGerman.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse bei App Console");
  });

  it("writes the password reset and the sign-in code in the asker's language", async () => {
    const user = await createTestUser(server);
    const reset = await stackFetch(server, "/auth/password/send-reset-code", {
      access: "client",
      keys,
      headers: { cookie: "locale=de" },
      body: { email: user.email, callback_url: callback("password-reset") },
    });
    expect(reset.status, reset.text).toBe(200);
    const resetMail = await waitForMail(mail.dir, user.email, (m) => m.subject.includes("Passwort"));
    expect(resetMail.subject).toBe("Setzen Sie Ihr Passwort bei App Console zurück");

    const email = address("otp");
    const code = await stackFetch(server, "/auth/otp/send-sign-in-code", {
      access: "client",
      keys,
      headers: { "accept-language": "de" },
      body: { email, callback_url: callback("magic-link-callback") },
    });
    expect(code.status, code.text).toBe(200);
    const codeMail = await waitForMail(mail.dir, email);
    expect(codeMail.subject).toMatch(/^Anmeldung bei App Console: Ihr Code lautet [A-Z0-9]{6}$/);
    expect(codeMail.text).toContain("zehn Minuten gültig");
  });

  it("names the inviter in a team invitation, in the inviter's language", async () => {
    const inviter = await createTestUser(server, { verified: true, displayName: "Erika Muster" });
    const team = await stackFetch(server, "/teams", {
      access: "server",
      keys,
      body: { display_name: "Lagerhaus", creator_user_id: inviter.userId },
    });
    expect(team.status, team.text).toBe(201);
    const invitee = address("invitee");
    const sent = await stackFetch(server, "/team-invitations/send-code", {
      access: "client",
      keys,
      accessToken: inviter.accessToken,
      headers: { cookie: "locale=de" },
      body: { team_id: (team.body as { id: string }).id, email: invitee, callback_url: callback("team-invitation") },
    });
    expect(sent.status, sent.text).toBe(200);
    const invitation = await waitForMail(mail.dir, invitee);
    expect(invitation.subject).toBe("Eine Einladung in das Team Lagerhaus bei App Console");
    expect(invitation.text).toContain("Erika Muster hat Sie in das Team Lagerhaus bei App Console eingeladen.");

    // Sent by a server (no user): the project invites.
    const byServer = address("invitee-server");
    const serverSent = await stackFetch(server, "/team-invitations/send-code", {
      access: "server",
      keys,
      body: { team_id: (team.body as { id: string }).id, email: byServer, callback_url: callback("team-invitation") },
    });
    expect(serverSent.status, serverSent.text).toBe(200);
    const serverMail = await waitForMail(mail.dir, byServer);
    expect(serverMail.text).toContain("App Console invited you to join the team Lagerhaus at App Console.");
  });
});
