import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { readMails, startMailCatcher, waitForMail } from "../helpers/mail-catcher.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const GREETING = "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.";

describe("with operators and an SMTP server", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  let mailDir: string;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), "feedback-mail-"));
    catcher = await startMailCatcher(mailDir);
    server = await startTestServer({
      env: { AUTH_RATE_LIMITS: "false", SMTP_URL: catcher.smtpUrl, ADMIN_EMAILS: "ops@example.com,Second@Example.com" },
    });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await catcher?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("GET / greets as Stack does and names the access type, project and user", async () => {
    const bare = await stackFetch(server, "");
    expect(bare.status).toBe(200);
    expect(bare.text).toBe(`${GREETING}\n\nAuthentication: None`);
    for (const access of ["client", "server", "admin"] as const) {
      const res = await stackFetch(server, "", { access, keys });
      expect(res.status).toBe(200);
      const kind = access.charAt(0).toUpperCase() + access.slice(1);
      expect(res.text).toBe(`${GREETING}\n\nAuthentication: ${kind}\n  Project: ${keys.projectId}\n  User: None`);
    }
    const wrong = await stackFetch(server, "", { access: "client", keys: { ...keys, publishableClientKey: "pck_x" } });
    expect(wrong.status).toBe(401);
    expect(knownError(wrong).code).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
  });

  it("POST /internal/api-keys accepts a past expiry, and the keys of that set never authenticate", async () => {
    const res = await stackFetch(server, "/internal/api-keys", {
      access: "admin",
      keys,
      body: {
        description: "expired",
        has_publishable_client_key: true,
        has_secret_server_key: true,
        expires_at_millis: 123,
      },
    });
    expect(res.status).toBe(200);
    const created = res.body as {
      expires_at_millis: number;
      secret_server_key: string;
      publishable_client_key: string;
    };
    expect(created.expires_at_millis).toBe(123);
    const use = await stackFetch(server, "/users", {
      access: "server",
      keys: { ...keys, secretServerKey: created.secret_server_key },
    });
    expect(use.status).toBe(401);
  });

  it("POST /internal/feedback mails every operator the signed-in caller's feedback", async () => {
    const user = await createTestUser(server);
    const res = await stackFetch(server, "/internal/feedback", {
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { name: "Support <Tester>", email: user.email, message: "Feedback from the dashboard." },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    for (const to of ["ops@example.com", "second@example.com"]) {
      const mail = await waitForMail(mailDir, to, (m) => m.subject === `[Support] ${user.email}`);
      expect(mail.text).toContain("Support <Tester>");
      expect(mail.text).toContain(user.userId);
      expect(mail.text).toContain(keys.projectId);
      expect(mail.text).toContain("Feedback from the dashboard.");
      expect(mail.html).toContain("Support &lt;Tester&gt;");
    }
    // Delivered mails keep no body; the log never had it.
    expect(server.logs.join("\n")).not.toContain("Feedback from the dashboard.");
  });

  it("takes bug reports without any project header, labelled as such", async () => {
    const res = await stackFetch(server, "/internal/feedback", {
      body: { email: "reporter@example.com", message: "Something is broken.", feedback_type: "bug" },
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(
      mailDir,
      "ops@example.com",
      (m) => m.subject === "[Bug Report] reporter@example.com",
    );
    expect(mail.text).toContain("Something is broken.");
  });

  it("refuses an empty message, a bad address, an unknown type and unknown fields with SCHEMA_ERROR", async () => {
    const bodies = [
      { email: "a@example.com", message: "" },
      { email: "not-an-address", message: "hi" },
      { email: "a@example.com", message: "hi", feedback_type: "praise" },
      { email: "a@example.com", message: "hi", extra: 1 },
    ];
    for (const body of bodies) {
      const res = await stackFetch(server, "/internal/feedback", { body });
      expect(res.status).toBe(400);
      expect(knownError(res).code).toBe("SCHEMA_ERROR");
    }
    const empty = await stackFetch(server, "/internal/feedback", { body: { email: "a@example.com", message: "" } });
    expect(knownError(empty).error).toContain("body.message must not be empty");
  });

  it("a scanner's revoke mails a user key's user, and a team key's members who manage keys", async () => {
    const patch = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { allow_user_api_keys: true, allow_team_api_keys: true } },
    });
    expect(patch.status).toBe(200);
    const owner = await createTestUser(server, { verified: true });
    const userKey = await stackFetch(server, "/user-api-keys", {
      access: "server",
      keys,
      body: { user_id: owner.userId, description: "Leaked <key> & more" },
    });
    expect(userKey.status).toBe(200);
    const revoke = (apiKey: string) =>
      stackFetch(server, "/integrations/credential-scanning/revoke", { body: { api_key: apiKey } });
    expect((await revoke((userKey.body as { value: string }).value)).status).toBe(200);
    const mail = await waitForMail(mailDir, owner.email, (m) => m.subject === "API Key Revoked: Leaked <key> & more");
    expect(mail.text).toContain('"Leaked <key> & more"');
    expect(mail.html).toContain("Leaked &lt;key&gt; &amp; more");

    const manager = await createTestUser(server);
    const member = await createTestUser(server);
    const team = await stackFetch(server, "/teams", {
      access: "server",
      keys,
      body: { display_name: "Keys team", creator_user_id: manager.userId },
    });
    const teamId = (team.body as { id: string }).id;
    const add = await stackFetch(server, `/team-memberships/${teamId}/${member.userId}`, {
      access: "server",
      keys,
      body: {},
    });
    expect(add.status).toBe(201);
    const granted = await stackFetch(server, `/team-permissions/${teamId}/${manager.userId}/$manage_api_keys`, {
      access: "server",
      keys,
      body: {},
    });
    expect(granted.status).toBe(201);
    const teamKey = await stackFetch(server, "/team-api-keys", {
      access: "server",
      keys,
      body: { team_id: teamId, description: "Team key" },
    });
    expect(teamKey.status).toBe(200);
    const value = (teamKey.body as { value: string }).value;
    expect((await revoke(value)).status).toBe(200);
    await waitForMail(mailDir, manager.email, (m) => m.subject === "API Key Revoked: Team key");
    // Revoked once: a second report sends nothing more. The revoke queues its mails in the outbox
    // before it answers, so once it has answered the outbox holds every mail it will ever send.
    expect((await revoke(value)).status).toBe(200);
    const queued = await server.store.query<{ to: string }>(
      `SELECT "to" FROM auth_mail_outbox WHERE subject = 'API Key Revoked: Team key'`,
    );
    expect(queued.map((m) => m.to.toLowerCase())).toEqual([manager.email.toLowerCase()]);
    expect(readMails(mailDir, member.email).filter((m) => m.subject.startsWith("API Key Revoked"))).toEqual([]);
    expect(readMails(mailDir, manager.email).filter((m) => m.subject === "API Key Revoked: Team key")).toHaveLength(1);
  });

  it("POST /check-feature-support answers without a project, and checks project headers when sent", async () => {
    const bare = await stackFetch(server, "/check-feature-support", { body: { feature_name: "some-feature" } });
    expect(bare.status).toBe(200);
    expect(bare.text).toBe(
      "some-feature is not yet supported. Please reach out to Stack support for more information.",
    );
    const wrong = await stackFetch(server, "/check-feature-support", {
      access: "client",
      keys: { ...keys, publishableClientKey: "pck_wrong" },
      body: { feature_name: "x" },
    });
    expect(knownError(wrong).code).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
  });

  it("config API: a branch override applies to the one branch; apps.installed and trusted domains' keys are kept", async () => {
    const patch = (level: string, override: Record<string, unknown>) =>
      stackFetch(server, `/internal/config/override/${level}`, {
        method: "PATCH",
        access: "admin",
        keys,
        body: { config_override_string: JSON.stringify(override) },
      });
    const read = async () => {
      const res = await stackFetch(server, "/internal/config", { access: "admin", keys });
      return JSON.parse((res.body as { config_string: string }).config_string) as {
        apps: { installed: Record<string, { enabled: boolean }> };
        domains: { trustedDomains: Record<string, { baseUrl: string; handlerPath: string }> };
      };
    };
    expect((await patch("branch", { "apps.installed.api-keys": { enabled: true } })).status).toBe(200);
    expect((await read()).apps.installed).toEqual({ "api-keys": { enabled: true } });
    // Recorded at the branch level (as Stack keeps it), not at the environment level.
    const level = async (name: string) =>
      JSON.parse(
        (
          (await stackFetch(server, `/internal/config/override/${name}`, { access: "admin", keys })).body as {
            config_string: string;
          }
        ).config_string,
      );
    expect(await level("branch")).toEqual({ "apps.installed.api-keys": { enabled: true } });
    expect(JSON.stringify(await level("environment"))).not.toContain('"api-keys"');
    // The legacy project API leaves it alone.
    const legacy = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { allow_user_api_keys: true } },
    });
    expect(legacy.status).toBe(200);
    expect((await read()).apps.installed).toEqual({ "api-keys": { enabled: true } });
    expect(knownError(await patch("branch", { "apps.installed.x": { enabled: "yes" } })).code).toBe("SCHEMA_ERROR");
    expect(knownError(await patch("nowhere", {})).code).toBe("SCHEMA_ERROR");

    const domains = {
      "double-wildcard": { baseUrl: "https://**.example.com", handlerPath: "/handler" },
      "prefix-wildcard": { baseUrl: "https://api-*.example.com", handlerPath: "/handler" },
    };
    expect((await patch("environment", { "domains.trustedDomains": domains })).status).toBe(200);
    expect((await read()).domains.trustedDomains).toEqual(domains);
    // The legacy API lists them without keys, and a list sent back keeps them.
    const current = await stackFetch(server, "/internal/projects/current", { access: "admin", keys });
    const listed = (current.body as { config: { domains: Record<string, unknown>[] } }).config.domains;
    expect(listed).toEqual([
      { domain: "https://**.example.com", handler_path: "/handler" },
      { domain: "https://api-*.example.com", handler_path: "/handler" },
    ]);
    await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { domains: listed } },
    });
    expect((await read()).domains.trustedDomains).toEqual(domains);
    await patch("environment", { "domains.trustedDomains": {} });
  });

  it("lists contained permission ids and default permissions in Stack's order ($-ids first, then by id)", async () => {
    const def = (id: string, contained: string[]) =>
      stackFetch(server, "/team-permission-definitions", {
        access: "admin",
        keys,
        body: { id, contained_permission_ids: contained },
      });
    expect((await def("zz_p1", [])).status).toBe(201);
    const p2 = await def("zz_p2", ["zz_p1", "$read_members"]);
    expect(p2.status).toBe(201);
    expect((p2.body as { contained_permission_ids: string[] }).contained_permission_ids).toEqual([
      "$read_members",
      "zz_p1",
    ]);
    const res = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { team_creator_default_permissions: [{ id: "zz_p1" }, { id: "team_admin" }] } },
    });
    expect(
      (res.body as { config: { team_creator_default_permissions: { id: string }[] } }).config
        .team_creator_default_permissions,
    ).toEqual([{ id: "team_admin" }, { id: "zz_p1" }]);
  });

  it("checks project headers when they are sent", async () => {
    const res = await stackFetch(server, "/internal/feedback", {
      access: "client",
      keys: { ...keys, publishableClientKey: "pck_wrong" },
      body: { email: "a@example.com", message: "hi" },
    });
    expect(res.status).toBe(401);
    expect(knownError(res).code).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
  });
});

describe("without operator addresses, with rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps feedback in the internal project's outbox, undelivered, and limits it per address", async () => {
    const send = (message: string) =>
      stackFetch(server, "/internal/feedback", { body: { email: "someone@example.com", message } });
    expect((await send("Kept for the operators.")).status).toBe(200);
    const rows = await server.store.query<{ project_id: string; status: string; text: string }>(
      "select project_id, status, text from auth_mail_outbox where subject = $1",
      ["[Support] someone@example.com"],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project_id: "internal", status: "logged" });
    expect(rows[0]?.text).toContain("Kept for the operators.");
    expect(server.logs.join("\n")).not.toContain("Kept for the operators.");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(`again ${i}`)).status);
    expect(statuses).toContain(429);
  });
});
