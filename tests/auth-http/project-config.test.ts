import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const patch = (level: string, override: unknown, access: "admin" | "server" = "admin") =>
  stackFetch(server, `/internal/config/override/${level}`, {
    method: "PATCH",
    access,
    keys,
    body: { config_override_string: typeof override === "string" ? override : JSON.stringify(override) },
  });
/** The settings as Stack's GET /internal/config renders them. */
const renderedConfig = async () =>
  JSON.parse(
    ((await stackFetch(server, "/internal/config", { access: "admin", keys })).body as { config_string: string })
      .config_string,
  );
/** What one level's override holds (GET override/{level}). */
const override = async (level: string) =>
  JSON.parse(
    (
      (await stackFetch(server, `/internal/config/override/${level}`, { access: "admin", keys })).body as {
        config_string: string;
      }
    ).config_string,
  ) as Record<string, unknown>;
const current = async () =>
  (await stackFetch(server, "/internal/projects/current", { access: "admin", keys })).body as {
    config: Record<string, unknown>;
  };
const signUp = () =>
  stackFetch(server, "/auth/password/sign-up", {
    access: "client",
    keys,
    body: { email: `cfg-${randomUUID()}@example.com`, password: "correct-horse-1" },
  });

describe("Stack's config API over the project's settings", () => {
  it("patches settings by dotted path, and a replaced subtree falls back to its defaults", async () => {
    expect(
      (await patch("environment", { "auth.allowSignUp": false, "teams.allowClientTeamCreation": true })).body,
    ).toEqual({
      success: true,
    });
    expect((await current()).config).toMatchObject({ sign_up_enabled: false, client_team_creation_enabled: true });
    expect(knownError(await signUp()).code).toBe("SIGN_UP_NOT_ENABLED");

    // `auth` given whole: everything under it not named returns to its default (sign-up on).
    expect((await patch("environment", { auth: { password: { allowSignIn: true } } })).status).toBe(200);
    expect((await current()).config).toMatchObject({ sign_up_enabled: true, client_team_creation_enabled: true });
    expect((await signUp()).status).toBe(200);

    const rendered = await renderedConfig();
    expect(rendered.auth.allowSignUp).toBe(true);
    expect(rendered.teams.allowClientTeamCreation).toBe(true);
    // The environment level's override as Stack answers it: its keys as written, `auth` replacing `auth.allowSignUp`.
    expect(await override("environment")).toEqual({
      "teams.allowClientTeamCreation": true,
      auth: { password: { allowSignIn: true } },
    });
  });

  it("a dotted key reaches into a trusted domain only when the domain is there, as Stack renders it", async () => {
    const put = (config: unknown) =>
      stackFetch(server, "/internal/config/override/environment", {
        method: "PUT",
        access: "admin",
        keys,
        body: { config_string: JSON.stringify(config) },
      });
    const domains = async () => (await renderedConfig()).domains.trustedDomains;
    expect((await put({})).status).toBe(200);
    try {
      // Naming a domain that does not exist: dropped (200), not made.
      const dotted = await patch("environment", {
        "domains.trustedDomains.2.baseUrl": "https://example.com",
        "domains.trustedDomains.2.handlerPath": "/handler",
      });
      expect([dotted.status, dotted.body]).toEqual([200, { success: true }]);
      expect(await domains()).toEqual({});

      // A nested object makes the entry; a dotted key beside it for another one is dropped.
      const mixed = await patch("environment", {
        domains: { trustedDomains: { "3": { baseUrl: "http://nested.example.com", handlerPath: "/nested" } } },
        "domains.trustedDomains.4.baseUrl": "http://dotted.example.com",
        "domains.trustedDomains.4.handlerPath": "/dotted",
      });
      expect(mixed.status, mixed.text).toBe(200);
      expect(await domains()).toEqual({ "3": { baseUrl: "http://nested.example.com", handlerPath: "/nested" } });

      // Dotted keys inside a value follow the same rule.
      expect(
        (await patch("environment", { domains: { trustedDomains: { "5.baseUrl": "https://five.example" } } })).status,
      ).toBe(200);
      expect(await domains()).toEqual({});

      // Into an entry that is there (stored, or set in the same override, shallower keys first) it reaches.
      expect(
        (
          await patch("environment", {
            "domains.trustedDomains.6.handlerPath": "/six",
            "domains.trustedDomains.6": { baseUrl: "https://six.example", handlerPath: "/" },
          })
        ).status,
      ).toBe(200);
      expect(
        (await patch("environment", { "domains.trustedDomains.6.baseUrl": "https://six.example.org" })).status,
      ).toBe(200);
      expect(await domains()).toEqual({ "6": { baseUrl: "https://six.example.org", handlerPath: "/six" } });
      expect((await current()).config).toMatchObject({
        domains: [{ domain: "https://six.example.org", handler_path: "/six" }],
      });

      // Settings are no record: a dotted key makes what it needs, and an unknown one is still refused.
      expect((await patch("environment", { auth: { "password.allowSignIn": false } })).status).toBe(200);
      expect((await renderedConfig()).auth.password.allowSignIn).toBe(false);
      expect(knownError(await patch("environment", { "payments.testMode": true })).code).toBe("SCHEMA_ERROR");
    } finally {
      expect((await put({})).status).toBe(200);
    }
  });

  it("keeps secrets masked in answers and stored when the mask comes back", async () => {
    const server_ = {
      isShared: false,
      host: "smtp.example.com",
      port: 587,
      username: "mailer",
      password: "smtp-secret-1",
      senderName: "Example",
      senderEmail: "noreply@example.com",
    };
    expect((await patch("environment", { "emails.server": server_ })).status).toBe(200);
    const storedEmail = async () =>
      (
        await server.store.query<{ config: { email_config: { password: string; port: number } } }>(
          "select config from auth_projects where id = $1",
          [keys.projectId],
        )
      )[0]?.config.email_config;
    // Stored sealed (project-credentials.test.ts opens it and sends mail with it).
    const sealed = (await storedEmail())?.password;
    expect(sealed).toMatch(/^sealed:v1\./);
    const read = await stackFetch(server, "/internal/config/override/environment", { access: "admin", keys });
    expect(read.text).not.toContain("smtp-secret-1");
    expect((await override("environment"))["emails.server"]).toMatchObject({ password: "********" });
    const stored = await server.store.query<{ config: unknown }>("select config from auth_projects where id = $1", [
      keys.projectId,
    ]);
    expect(JSON.stringify(stored)).not.toContain("smtp-secret-1");
    const rendered = await renderedConfig();
    expect(rendered.emails.server.password).toBe("********");

    // Sending the rendering back (mask included) changes nothing about the stored password.
    expect(
      (await patch("environment", { "emails.server": rendered.emails.server, "emails.server.port": 2525 })).status,
    ).toBe(200);
    expect(await storedEmail()).toMatchObject({ password: sealed, port: 2525 });
    expect((await patch("environment", { "emails.server": { isShared: true } })).status).toBe(200);
  });

  it("refuses an empty OAuth client secret at the edge, in Stack's words", async () => {
    const res = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { oauth_providers: [{ id: "google", type: "standard", client_id: "id", client_secret: "" }] } },
    });
    expect(res.status).toBe(400);
    expect(knownError(res)).toMatchObject({
      code: "SCHEMA_ERROR",
      error:
        "Request validation failed on PATCH /api/v1/internal/projects/current:\n  - body.config.oauth_providers[0].client_secret must not be empty",
    });
  });

  it("requires a publishable client key when the project level says so", async () => {
    expect((await patch("project", { "project.requirePublishableClientKey": true })).status).toBe(200);
    const keyless = await stackFetch(server, "/projects/current", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": keys.projectId },
    });
    expect(knownError(keyless).code).toBe("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
    // The OAuth token endpoint takes a missing client_secret as the public client, refused here as Stack does.
    const keylessToken = await stackFetch(server, "/auth/oauth/token", {
      method: "POST",
      body: { grant_type: "authorization_code", client_id: keys.projectId, code: "x", code_verifier: "x" },
    });
    expect([keylessToken.status, knownError(keylessToken)]).toEqual([
      401,
      {
        code: "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
        error:
          "Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access.",
        details: { project_id: keys.projectId },
      },
    ]);
    expect((await stackFetch(server, "/projects/current", { access: "client", keys })).status).toBe(200);
    expect((await patch("project", { "project.requirePublishableClientKey": false })).status).toBe(200);
    expect(
      (
        await stackFetch(server, "/projects/current", {
          headers: { "x-stack-access-type": "client", "x-stack-project-id": keys.projectId },
        })
      ).status,
    ).toBe(200);
    // Without the requirement the keyless token request reaches the code check.
    const publicToken = await stackFetch(server, "/auth/oauth/token", {
      method: "POST",
      body: { grant_type: "authorization_code", client_id: keys.projectId, code: "x", code_verifier: "x" },
    });
    expect(knownError(publicToken).code).toBe("INVALID_AUTHORIZATION_CODE");
  });

  it("refuses settings this server does not have, bad JSON, the wrong level and server access", async () => {
    const unknown = knownError(await patch("environment", { "payments.testMode": true }));
    expect(unknown.code).toBe("SCHEMA_ERROR");
    expect(unknown.error).toContain("payments: not a setting of this server");
    expect(knownError(await patch("environment", "{oops")).code).toBe("SCHEMA_ERROR");
    expect(knownError(await patch("environment", { "auth.allowSignUp": "yes" })).code).toBe("SCHEMA_ERROR");
    expect(knownError(await patch("environment", { "emails.selectedThemeId": "no-such-theme" })).error).toBe(
      "Invalid email theme",
    );
    expect(knownError(await patch("staging", { "auth.allowSignUp": true })).code).toBe("SCHEMA_ERROR");
    expect(knownError(await patch("environment", { "auth.allowSignUp": false }, "server")).code).toBe(
      "INSUFFICIENT_ACCESS_TYPE",
    );
    expect((await current()).config).toMatchObject({ sign_up_enabled: true });
  });
});

describe("data vault", () => {
  it("stores values in declared stores only, sealed at rest", async () => {
    expect((await patch("environment", { "dataVault.stores.secrets": { displayName: "Secrets" } })).status).toBe(200);
    const call = (op: "set" | "get", store: string, body: unknown) =>
      stackFetch(server, `/data-vault/stores/${store}/${op}`, { access: "server", keys, body });

    expect((await call("set", "secrets", { hashed_key: "h1", encrypted_value: "client-ciphertext-1" })).status).toBe(
      200,
    );
    expect((await call("set", "secrets", { hashed_key: "h1", encrypted_value: "client-ciphertext-2" })).status).toBe(
      200,
    );
    expect((await call("get", "secrets", { hashed_key: "h1" })).body).toEqual({
      encrypted_value: "client-ciphertext-2",
    });
    expect(knownError(await call("get", "secrets", { hashed_key: "h2" })).code).toBe(
      "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST",
    );
    expect(knownError(await call("set", "elsewhere", { hashed_key: "h1", encrypted_value: "x" })).code).toBe(
      "DATA_VAULT_STORE_DOES_NOT_EXIST",
    );
    const clientAccess = await stackFetch(server, "/data-vault/stores/secrets/get", {
      access: "client",
      keys,
      body: { hashed_key: "h1" },
    });
    expect(knownError(clientAccess).code).toBe("INSUFFICIENT_ACCESS_TYPE");

    const rows = await server.store.query<{ sealed: string }>("select sealed from auth_data_vault_entries");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed).not.toContain("client-ciphertext");
  });
});

describe("default team roles", () => {
  it("new projects get Stack Auth's defaults; migration 0017 moves untouched old ones there and leaves edited ones", async () => {
    const list = await stackFetch(server, "/team-permission-definitions", { access: "admin", keys });
    const items = (list.body as { items: { id: string; description: string; contained_permission_ids: string[] }[] })
      .items;
    expect(items.find((p) => p.id === "team_member")).toEqual({
      id: "team_member",
      description: "Default permission for team members",
      contained_permission_ids: ["$invite_members", "$read_members"],
    });

    // The roles as migration 0010 seeded them, one of them edited by an admin since.
    await server.store.query(
      `update auth_permission_definitions set description = 'Administrator of a team',
         contained_permission_ids = '["$update_team", "$read_members", "$remove_members"]'::jsonb
       where project_id = $1 and permission_id = 'team_admin'`,
      [keys.projectId],
    );
    await server.store.query(
      `update auth_permission_definitions set description = 'Member of a team',
         contained_permission_ids = '["$read_members", "$delete_team"]'::jsonb
       where project_id = $1 and permission_id = 'team_member'`,
      [keys.projectId],
    );
    const sql = readFileSync(new URL("../../server/db/migrations/0017_auth_stack_compat.sql", import.meta.url), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) {
      if (statement.includes('UPDATE "auth_permission_definitions"')) await server.store.query(statement);
    }
    const rows = await server.store.query<{
      permission_id: string;
      description: string;
      contained_permission_ids: string[];
    }>(
      // Stack's two default roles only: the console's own roles (console:*) sit beside them.
      "select permission_id, description, contained_permission_ids from auth_permission_definitions where project_id = $1 and scope = 'team' and permission_id like 'team\\_%' order by permission_id",
      [keys.projectId],
    );
    expect(rows).toEqual([
      {
        permission_id: "team_admin",
        description: "Default permission for team admins",
        contained_permission_ids: [
          "$delete_team",
          "$invite_members",
          "$manage_api_keys",
          "$read_members",
          "$remove_members",
          "$update_team",
        ],
      },
      {
        permission_id: "team_member",
        description: "Member of a team",
        contained_permission_ids: ["$read_members", "$delete_team"],
      },
    ]);
  });
});

describe("Stack's branch and environment levels (one branch per project, answered as Stack does)", () => {
  const put = (level: string, config: unknown, source?: unknown) =>
    stackFetch(server, `/internal/config/override/${level}`, {
      method: "PUT",
      access: "admin",
      keys,
      body: { config_string: JSON.stringify(config), ...(source === undefined ? {} : { source }) },
    });
  const reset = (level: string, paths: string[]) =>
    stackFetch(server, `/internal/config/override/${level}/reset-keys`, {
      method: "POST",
      access: "admin",
      keys,
      body: { keys: paths },
    });
  const source = async () =>
    ((await stackFetch(server, "/internal/config/source", { access: "admin", keys })).body as { source: unknown })
      .source;
  const github = {
    type: "pushed-from-github",
    owner: "myorg",
    repo: "myrepo",
    branch: "main",
    commit_hash: "abc123def456",
    config_file_path: "stack.config.ts",
  };

  beforeAll(async () => {
    expect((await put("environment", {})).status).toBe(200);
    expect((await put("branch", {}, { type: "unlinked" })).status).toBe(200);
  });

  it("keeps each level's override; the environment's wins where both set a key, and a reset lets the branch's show", async () => {
    expect(
      (await patch("branch", { "teams.allowClientTeamCreation": true, "users.allowClientUserDeletion": true })).status,
    ).toBe(200);
    expect(await override("branch")).toEqual({
      "teams.allowClientTeamCreation": true,
      "users.allowClientUserDeletion": true,
    });
    expect(await override("environment")).toEqual({});
    expect((await renderedConfig()).teams.allowClientTeamCreation).toBe(true);

    expect((await patch("environment", { "teams.allowClientTeamCreation": false })).status).toBe(200);
    expect((await renderedConfig()).teams.allowClientTeamCreation).toBe(false);
    // Written again at the branch level, the environment's value still wins.
    expect((await patch("branch", { "teams.allowClientTeamCreation": true })).status).toBe(200);
    expect((await current()).config).toMatchObject({ client_team_creation_enabled: false });

    expect((await reset("environment", ["teams.allowClientTeamCreation"])).status).toBe(200);
    expect((await current()).config).toMatchObject({ client_team_creation_enabled: true });
    // Keys no level holds are a no-op, as in Stack.
    expect((await reset("branch", ["nonexistent.key"])).status).toBe(200);
    expect((await reset("environment", ["nonexistent.key", "auth.oauth.providers.nothing"])).status).toBe(200);
    expect((await reset("branch", ["teams"])).status).toBe(200);
    expect(await override("branch")).toEqual({ "users.allowClientUserDeletion": true });
    expect((await current()).config).toMatchObject({
      client_team_creation_enabled: false,
      client_user_deletion_enabled: true,
    });
  });

  it("a pushed branch config replaces the last one, keeping the environment's keys and settings made elsewhere", async () => {
    const legacy = await stackFetch(server, "/internal/projects/current", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config: { magic_link_enabled: true } },
    });
    expect(legacy.status, legacy.text).toBe(200);
    expect((await patch("environment", { "apiKeys.enabled.user": true })).status).toBe(200);
    const first = { "teams.createPersonalTeamOnSignUp": true, "apiKeys.enabled.user": false };
    expect((await put("branch", first, { type: "pushed-from-unknown" })).status).toBe(200);
    expect((await current()).config).toMatchObject({
      create_team_on_sign_up: true,
      allow_user_api_keys: true,
      magic_link_enabled: true,
    });
    expect((await put("branch", { "auth.passkey.allowSignIn": true }, { type: "unlinked" })).status).toBe(200);
    expect(await override("branch")).toEqual({ "auth.passkey.allowSignIn": true });
    expect((await current()).config).toMatchObject({
      create_team_on_sign_up: false,
      passkey_enabled: true,
      allow_user_api_keys: true,
      magic_link_enabled: true,
    });
  });

  it("refuses environment settings at the branch level, and a branch push without its source", async () => {
    const domain = { "domains.trustedDomains.docs": { baseUrl: "https://docs.example.com", handlerPath: "/handler" } };
    const refusedDomain = knownError(await patch("branch", domain));
    expect(refusedDomain.code).toBe("SCHEMA_ERROR");
    expect(refusedDomain.error).toContain("domains.trustedDomains");
    const ownKeys = {
      "auth.oauth.providers.google": { type: "google", isShared: false, clientId: "id", clientSecret: "secret" },
    };
    expect(knownError(await patch("branch", ownKeys)).error).toContain("auth.oauth.providers.google.clientSecret");
    expect(knownError(await patch("branch", { emails: { server: { isShared: true } } })).error).toContain(
      "emails.server",
    );
    expect(knownError(await put("branch", { "teams.allowClientTeamCreation": true })).error).toContain(
      "source is required",
    );
    for (const bad of [{ type: "invalid-type" }, { type: "pushed-from-github", owner: "org", repo: "repo" }]) {
      expect(knownError(await put("branch", {}, bad)).code).toBe("SCHEMA_ERROR");
    }
    expect(knownError(await patch("invalid-level", {})).error).toBe(
      "params.level must be one of the following values: project, branch, environment",
    );
    expect(await override("branch")).toEqual({ "auth.passkey.allowSignIn": true });
    // The environment level holds them.
    expect((await patch("environment", domain)).status).toBe(200);
    expect((await current()).config).toMatchObject({
      domains: expect.arrayContaining([expect.objectContaining({ domain: "https://docs.example.com" })]),
    });
  });

  it("remembers where the branch config came from until it is unlinked; admin access only", async () => {
    expect(await source()).toEqual({ type: "unlinked" });
    expect((await put("branch", { "teams.allowClientTeamCreation": true }, github)).status).toBe(200);
    expect(await source()).toEqual(github);
    expect((await patch("branch", { "users.allowClientUserDeletion": false })).status).toBe(200);
    expect(await source()).toEqual(github);
    const unlinked = await stackFetch(server, "/internal/config/source", { method: "DELETE", access: "admin", keys });
    expect(unlinked.status).toBe(200);
    expect(await source()).toEqual({ type: "unlinked" });
    expect(await override("branch")).toEqual({
      "teams.allowClientTeamCreation": true,
      "users.allowClientUserDeletion": false,
    });
    for (const access of ["client", "server"] as const) {
      const refused = await stackFetch(server, "/internal/config/source", { access, keys });
      expect(knownError(refused).code).toBe("INSUFFICIENT_ACCESS_TYPE");
    }
  });
});
