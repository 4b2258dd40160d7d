import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { adminApp, appProjectOf, clientApp, serverApp } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher(mkdtempSync(join(tmpdir(), "auth-admin-mail-")));
  // The project's own SMTP server in these tests is the catcher on loopback: allowed explicitly.
  server = await startTestServer({
    env: { AUTH_RATE_LIMITS: "false", SMTP_URL: mail.smtpUrl, OUTBOUND_ALLOW: "127.0.0.1" },
  });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
  if (mail) rmSync(mail.dir, { recursive: true, force: true });
});

async function asAdmin(path: string, request: { method?: string; body?: unknown } = {}) {
  return stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });
}

type TemplateItem = { type: string; subject: string; content: string; is_default: boolean };

describe("e-mail templates", () => {
  it("lists the four defaults, refuses a second own version, edits, applies the edit to the mail, and resets", async () => {
    const list = await asAdmin("/email-templates");
    expect(list.status).toBe(200);
    const items = (list.body as { items: TemplateItem[] }).items;
    expect(items.map((t) => t.type).sort()).toEqual(
      ["email_verification", "magic_link", "password_reset", "team_invitation"].sort(),
    );
    expect(items.every((t) => t.is_default)).toBe(true);

    // The current SDK reads the same templates from /internal/email-templates.
    const viaSdk = await (await adminApp(server)).listEmailTemplates();
    expect(viaSdk.map((t) => t.id).sort()).toEqual(items.map((t) => t.type).sort());

    const created = await asAdmin("/email-templates", {
      body: {
        type: "email_verification",
        subject: "Confirm {{email}} for {{projectDisplayName}}",
        content: "Hello <friend> {{email}}!\n\n{{link}}\n\n{{unknownName}} stays.",
      },
    });
    expect(created.status).toBe(201);
    expect((created.body as TemplateItem).is_default).toBe(false);

    const again = await asAdmin("/email-templates", {
      body: { type: "email_verification", subject: "x", content: "y" },
    });
    expect(again.status).toBe(409);
    expect(knownError(again).code).toBe("EMAIL_TEMPLATE_ALREADY_EXISTS");

    const patched = await asAdmin("/email-templates/email_verification", {
      method: "PATCH",
      body: { subject: "Please confirm {{email}} at {{projectDisplayName}}" },
    });
    expect(patched.status).toBe(200);
    expect((patched.body as TemplateItem).content).toContain("Hello <friend>");

    // A real sign-up mail is built from the edited template.
    const email = `tpl-${randomUUID()}@example.com`;
    const app = await clientApp(server);
    await app.signUpWithCredential({
      email,
      password: "correct-horse-1",
      noRedirect: true,
      verificationCallbackUrl: `${server.url}/handler/email-verification`,
    });
    const sent = await waitForMail(mail.dir, email);
    expect(sent.subject).toBe(`Please confirm ${email} at App Console`);
    expect(sent.text).toContain(`Hello <friend> ${email}!`);
    expect(sent.text).toMatch(/\/handler\/email-verification\?code=[a-z0-9]{45}/);
    expect(sent.text).toContain("{{unknownName}} stays.");
    expect(sent.html).toContain("Hello &lt;friend&gt;");
    expect(sent.html).not.toContain("<friend>");
    expect(sent.html).toMatch(/<a [^>]*href="[^"]*\/handler\/email-verification\?code=[a-z0-9]{45}"/);

    const reset = await asAdmin("/email-templates/email_verification", { method: "DELETE" });
    expect(reset.status).toBe(200);
    const afterReset = await asAdmin("/email-templates/email_verification");
    expect(afterReset.body).toMatchObject({ is_default: true, subject: "Verify your email at {{projectDisplayName}}" });
    const resetAgain = await asAdmin("/email-templates/email_verification", { method: "DELETE" });
    expect(resetAgain.status).toBe(404);
  });

  it("previews an unsaved edit with example values, escaped in HTML, without storing it", async () => {
    const preview = await asAdmin("/internal/email-templates/preview", {
      body: { type: "team_invitation", content: "Join <b>{{teamDisplayName}}</b>, {{userDisplayName}}.\n\n{{link}}" },
    });
    expect(preview.status).toBe(200);
    const rendered = preview.body as { subject: string; text: string; html: string };
    expect(rendered.subject).toBe("An invitation to join Example Team at App Console");
    expect(rendered.text).toContain("Join <b>Example Team</b>, Jane Doe.");
    expect(rendered.html).toContain("Join &lt;b&gt;Example Team&lt;/b&gt;, Jane Doe.");
    expect(rendered.html).toMatch(/<a href="[^"]*\/handler\/example\?code=example">/);
    expect(((await asAdmin("/email-templates/team_invitation")).body as TemplateItem).is_default).toBe(true);
  });

  it("rejects bad input with a schema error, unknown types with 404, and non-admin access", async () => {
    const bad = await asAdmin("/email-templates/password_reset", { method: "PATCH", body: { subject: "" } });
    expect(bad.status).toBe(400);
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");
    const extra = await asAdmin("/email-templates/password_reset", { method: "PATCH", body: { theme: "x" } });
    expect(extra.status).toBe(400);
    expect((await asAdmin("/email-templates/welcome")).status).toBe(404);

    const keys = await appProjectOf(server);
    const asServer = await stackFetch(server, "/email-templates", { access: "server", keys });
    expect(asServer.status).not.toBe(200);
    const patchAsServer = await stackFetch(server, "/email-templates/password_reset", {
      access: "server",
      keys,
      method: "PATCH",
      body: { subject: "hijacked" },
    });
    expect(patchAsServer.status).not.toBe(200);
    expect(((await asAdmin("/email-templates/password_reset")).body as TemplateItem).is_default).toBe(true);
  });
});

/** An SMTP server that wants a user name and password, like a real provider. */
async function startAuthenticatingSmtp(user: string, pass: string) {
  const received: { to: string; subject: string; from: string }[] = [];
  const smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error("Invalid credentials"));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          received.push({ to: to?.text ?? "", subject: parsed.subject ?? "", from: parsed.from?.text ?? "" });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A port nothing listens on: bound, read, and released again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("test e-mail and the sent-mail log", () => {
  it("sends through the given SMTP server, reports wrong credentials and a dead server, and logs all three", async () => {
    const smtp = await startAuthenticatingSmtp("smtp-user", "smtp-pass");
    try {
      const admin = await adminApp(server);
      const recipient = `smtp-${randomUUID()}@example.com`;
      const config = {
        host: "127.0.0.1",
        port: smtp.port,
        username: "smtp-user",
        password: "smtp-pass",
        senderName: "Console Test",
        senderEmail: "sender@example.com",
      };
      const ok = await admin.sendTestEmail({ recipientEmail: recipient, emailConfig: config });
      expect(ok.status).toBe("ok");
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ to: recipient, from: '"Console Test" <sender@example.com>' });

      const wrong = await admin.sendTestEmail({
        recipientEmail: recipient,
        emailConfig: { ...config, password: "not-the-password" },
      });
      expect(wrong.status).toBe("error");
      if (wrong.status === "error") {
        expect(wrong.error.errorMessage).toMatch(/username or password/);
        expect(wrong.error.errorMessage).not.toContain("not-the-password");
      }

      const dead = await admin.sendTestEmail({
        recipientEmail: recipient,
        emailConfig: { ...config, port: await closedPort() },
      });
      expect(dead.status).toBe("error");
      if (dead.status === "error") {
        expect(dead.error.errorMessage).toBe(
          "Unknown error while sending test email. Make sure the email server is running and accepting connections.",
        );
      }
      expect(smtp.received).toHaveLength(1);

      const log = (await admin.listSentEmails()).filter((m) => m.recipient === recipient);
      expect(log).toHaveLength(3);
      expect(log.filter((m) => m.error === null)).toHaveLength(1);
      const errors = log.map((m) => m.error).filter((e): e is string => typeof e === "string");
      expect(errors).toHaveLength(2);
      expect(errors.some((e) => /ECONNREFUSED|connect/i.test(e))).toBe(true);
      expect(errors.join(" ")).not.toContain("not-the-password");
    } finally {
      await smtp.close();
    }
  });

  it("validates the SMTP config and refuses non-admin callers", async () => {
    const bad = await asAdmin("/internal/send-test-email", {
      body: { recipient_email: "not-an-address", email_config: { host: "127.0.0.1", port: 25 } },
    });
    expect(bad.status).toBe(400);
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");

    const keys = await appProjectOf(server);
    const asServer = await stackFetch(server, "/internal/emails", { access: "server", keys });
    expect(asServer.status).not.toBe(200);
  });
});

describe("the project's own SMTP server", () => {
  it("sends the project's mails through it with its sender, never echoes its password, and goes back to shared", async () => {
    const smtp = await startAuthenticatingSmtp("project-user", "project-pass");
    try {
      const emailConfig = {
        type: "standard",
        host: "127.0.0.1",
        port: smtp.port,
        username: "project-user",
        password: "project-pass",
        sender_name: "Project Mailer",
        sender_email: "mailer@project.example",
      };
      const set = await asAdmin("/internal/projects/current", {
        method: "PATCH",
        body: { config: { email_config: emailConfig } },
      });
      expect(set.status).toBe(200);
      expect((set.body as { config: { email_config: unknown } }).config.email_config).toEqual({
        ...emailConfig,
        password: "********",
      });
      expect(set.text).not.toContain("project-pass");
      // Sending the mask back (as the admin area does) keeps the stored password.
      const again = await asAdmin("/internal/projects/current", {
        method: "PATCH",
        body: { config: { email_config: { ...emailConfig, password: "********" } } },
      });
      expect(again.status).toBe(200);

      const email = `own-smtp-${randomUUID()}@example.com`;
      await (await serverApp(server)).createUser({
        primaryEmail: email,
        password: "correct-horse-1",
        primaryEmailAuthEnabled: true,
      });
      const sent = await (await clientApp(server)).sendForgotPasswordEmail(email, {
        callbackUrl: `${server.url}/handler/password-reset`,
      });
      expect(sent.status).toBe("ok");
      await vi.waitFor(() => expect(smtp.received.some((m) => m.to === email)).toBe(true), {
        timeout: 15_000,
        interval: 100,
      });
      expect(smtp.received.find((m) => m.to === email)).toMatchObject({
        subject: "Reset your password at App Console",
        from: '"Project Mailer" <mailer@project.example>',
      });
    } finally {
      const shared = await asAdmin("/internal/projects/current", {
        method: "PATCH",
        body: { config: { email_config: { type: "shared" } } },
      });
      expect((shared.body as { config: { email_config: unknown } }).config.email_config).toEqual({ type: "shared" });
      await smtp.close();
    }
  }, 60_000);
});
