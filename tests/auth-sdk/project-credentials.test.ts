import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectCredentials } from "../../server/auth/stores/project-credentials.ts";
import type { AppProjectKeys, ProjectConfig } from "../../server/auth/stores/projects.ts";
import { authProjectsTable } from "../../server/db/schema/index.ts";
import type { Store } from "../../server/db/store.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { Vault } from "../../server/lib/vault.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { adminApp, appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Issue #16: a project's SMTP password and OAuth client secrets sat in auth_projects.config in
 * clear (and webhook signing secrets in auth_webhook_endpoints). They are sealed like app secrets, open only where they are used, and rotate with
 * `npm run secrets:rewrap`.
 */
const SMTP_USER = "mailer";
const SMTP_PASSWORD = `smtp-pass-${randomUUID()}`;
const CLIENT_SECRET = `gh-secret-${randomUUID()}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll("-", "")}`;

/** A real SMTP server that takes mail only with the right password, and records who got what. */
async function startSmtp() {
  const received: string[] = [];
  const smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { smtp, port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function storedConfig(store: Store, projectId: string): Promise<ProjectConfig> {
  const [row] = await store.db.select().from(authProjectsTable).where(eq(authProjectsTable.id, projectId));
  return row?.config as ProjectConfig;
}

async function waitForStatus(store: Store, email: string, status: string) {
  await expect
    .poll(
      async () =>
        (await store.query<{ status: string }>(`select status from auth_mail_outbox where "to" = $1`, [email]))[0]
          ?.status,
      { timeout: 20_000 },
    )
    .toBe(status);
}

describe("a project's own SMTP password and OAuth client secrets", () => {
  let server: TestServer;
  let mail: Awaited<ReturnType<typeof startSmtp>>;
  let keys: AppProjectKeys;
  beforeAll(async () => {
    mail = await startSmtp();
    // The SMTP server listens on loopback, which the outbound policy allows only when told.
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", OUTBOUND_ALLOW: "127.0.0.1" } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await mail?.close();
  });

  it("are stored sealed, never answered, kept when the mask comes back, and used to send mail", async () => {
    const project = await (await adminApp(server)).getProject();
    await project.update({
      config: {
        emailConfig: {
          type: "standard",
          host: "127.0.0.1",
          port: mail.port,
          username: SMTP_USER,
          password: SMTP_PASSWORD,
          senderName: "Console",
          senderEmail: "noreply@example.com",
        },
        oauthProviders: [
          { id: "github", type: "standard", clientId: "gh-client", clientSecret: CLIENT_SECRET },
          { id: "google", type: "shared" },
        ],
      },
    });
    const stored = await storedConfig(server.store, keys.projectId);
    const row = JSON.stringify(stored);
    expect(row).not.toContain(SMTP_PASSWORD);
    expect(row).not.toContain(CLIENT_SECRET);
    expect(stored.email_config).toMatchObject({ type: "standard", password: expect.stringMatching(/^sealed:v1\./) });
    const github = stored.oauth_providers.find((p) => p.id === "github");
    expect(github?.client_secret).toMatch(/^sealed:v1\./);

    // Sealed under the instance's master key, bound to this project and setting.
    const vault = new Vault(server.store.db, loadMasterKey({ dataDir: server.dataDir }));
    const credentials = new ProjectCredentials(vault);
    expect(await credentials.openClientSecret(keys.projectId, "github", github?.client_secret ?? "")).toBe(
      CLIENT_SECRET,
    );
    await expect(credentials.openClientSecret(keys.projectId, "google", github?.client_secret ?? "")).rejects.toThrow();
    await expect(credentials.openClientSecret(randomUUID(), "github", github?.client_secret ?? "")).rejects.toThrow();

    // Neither Stack's admin read nor its config API hands them out.
    for (const path of ["/internal/projects/current", "/internal/config", "/internal/config/override/environment"]) {
      const answer = await stackFetch(server, path, { access: "admin", keys });
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain(SMTP_PASSWORD);
      expect(answer.text, path).not.toContain(CLIENT_SECRET);
      expect(answer.text, path).not.toContain("sealed:");
    }

    // A form round-trip sends the masks back: the stored (sealed) values stay as they were.
    const again = await (await adminApp(server)).getProject();
    await again.update({
      config: { oauthProviders: again.config.oauthProviders, emailConfig: again.config.emailConfig },
    });
    expect(await storedConfig(server.store, keys.projectId)).toEqual(stored);

    // The mailer opens the password: the SMTP server refuses anything else.
    const user = await createTestUser(server);
    const reset = await stackFetch(server, "/auth/password/send-reset-code", {
      access: "client",
      keys,
      body: { email: user.email, callback_url: `${server.url}/handler/password-reset` },
    });
    expect(reset.status).toBe(200);
    await waitForStatus(server.store, user.email, "sent");
    expect(mail.received).toContain(user.email);

    // A delivered mail keeps recipient, subject and status, not its body (the reset link).
    const [outbox] = await server.store.query<{ subject: string; text: string; html: string }>(
      `select subject, text, html from auth_mail_outbox where "to" = $1`,
      [user.email],
    );
    expect(outbox).toEqual({ subject: expect.stringContaining("Reset your password"), text: "", html: "" });
    const log = await stackFetch(server, "/internal/emails?include_status=true", { access: "admin", keys });
    expect(log.body).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ to: [user.email], status: "sent" })]),
    });
    expect(server.logs.some((line) => line.includes(SMTP_PASSWORD) || line.includes(CLIENT_SECRET))).toBe(false);

    await project.update({ config: { emailConfig: { type: "shared" } } });
  });
});

describePostgresOnly("credentials stored in clear by an older version", () => {
  it("are sealed at start-up and still work after npm run secrets:rewrap", async () => {
    const oldKey = Buffer.alloc(32, 5).toString("base64");
    const newKey = Buffer.alloc(32, 6).toString("base64");
    const mail = await startSmtp();
    const shared = await createScratchDatabase("credentials");
    const env = { DATABASE_URL: shared.url, AUTH_RATE_LIMITS: "false", OUTBOUND_ALLOW: "127.0.0.1" };
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    let third: TestServer | undefined;
    try {
      first = await startTestServer({ env: { ...env, SECRETS_MASTER_KEY: oldKey } });
      const keys = await appProjectOf(first);
      // What an older version wrote: the password and the client secret as they were typed.
      const legacy = await storedConfig(first.store, keys.projectId);
      await first.store.db
        .update(authProjectsTable)
        .set({
          config: {
            ...legacy,
            email_config: {
              type: "standard",
              host: "127.0.0.1",
              port: mail.port,
              username: SMTP_USER,
              password: SMTP_PASSWORD,
              sender_name: "Console",
              sender_email: "noreply@example.com",
            },
            oauth_providers: [{ id: "github", type: "standard", client_id: "gh", client_secret: CLIENT_SECRET }],
          },
        })
        .where(eq(authProjectsTable.id, keys.projectId));
      // A webhook endpoint whose signing secret an older version kept in clear.
      const [endpoint] = await first.store.query<{ id: string }>(
        `insert into auth_webhook_endpoints (project_id, url, description, secret)
         values ($1, 'https://hooks.example.com/x', '', $2) returning id`,
        [keys.projectId, WEBHOOK_SECRET],
      );
      // And a delivered mail whose body an older version kept.
      await first.store.query(
        `insert into auth_mail_outbox (project_id, "to", subject, text, html, status, sent_at)
         values ($1, 'old@example.com', 'Reset', 'reset link ?code=abc', '<a>link</a>', 'sent', now())`,
        [keys.projectId],
      );
      await first.close();
      first = undefined;

      second = await startTestServer({ env: { ...env, SECRETS_MASTER_KEY: oldKey } });
      const migrated = JSON.stringify(await storedConfig(second.store, keys.projectId));
      expect(migrated).not.toContain(SMTP_PASSWORD);
      expect(migrated).not.toContain(CLIENT_SECRET);
      expect(migrated.match(/"sealed:v1\./g)).toHaveLength(2);
      const [hook] = await second.store.query<{ secret: string }>(
        "select secret from auth_webhook_endpoints where id = $1",
        [endpoint?.id],
      );
      expect(hook?.secret).toMatch(/^sealed:v1\./);
      expect(hook?.secret).not.toContain(WEBHOOK_SECRET.slice(6));
      const [oldMail] = await second.store.query<{ text: string; html: string }>(
        `select text, html from auth_mail_outbox where "to" = 'old@example.com'`,
      );
      expect(oldMail).toEqual({ text: "", html: "" });
      await second.close();
      second = undefined;

      const dataDir = mkdtempSync(join(tmpdir(), "appconsole-rewrap-"));
      const { stdout } = await promisify(execFile)("npx", ["tsx", "server/cli/rewrap-secrets.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: shared.url,
          DATA_DIR: dataDir,
          SECRETS_MASTER_KEY: oldKey,
          NEW_SECRETS_MASTER_KEY: newKey,
        },
      });
      rmSync(dataDir, { recursive: true, force: true });
      expect(stdout).toMatch(/Re-wrapped \d+ data key/);

      third = await startTestServer({ env: { ...env, SECRETS_MASTER_KEY: newKey } });
      expect(JSON.stringify(await storedConfig(third.store, keys.projectId))).toBe(migrated);
      // The admin list still names the secret by its last four characters: it opens under the new key.
      const listed = await stackFetch(third, "/internal/webhooks/endpoints", { access: "admin", keys });
      expect(listed.body).toMatchObject({
        items: [expect.objectContaining({ id: endpoint?.id, secret_last_four: WEBHOOK_SECRET.slice(-4) })],
      });
      const user = await createTestUser(third);
      await stackFetch(third, "/auth/password/send-reset-code", {
        access: "client",
        keys,
        body: { email: user.email, callback_url: `${third.url}/handler/password-reset` },
      });
      await waitForStatus(third.store, user.email, "sent");
      expect(mail.received).toContain(user.email);
    } finally {
      await first?.close();
      await second?.close();
      await third?.close();
      await shared.drop();
      await mail.close();
    }
    // Three server starts and the rewrap command: slow on a loaded machine.
  }, 180_000);
});
