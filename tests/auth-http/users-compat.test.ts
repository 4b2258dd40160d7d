import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { knownError, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
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

const GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

describe("users as Stack's server keeps them", () => {
  it("stores sign-up risk scores a server sets (0-100 integers), starts at zero and hides them from clients", async () => {
    const risk = (bot: number, free_trial_abuse: number) => ({ sign_up: { bot, free_trial_abuse } });
    const created = await stackFetch(server, "/users", {
      access: "server",
      keys,
      body: { primary_email: `risk-${randomUUID()}@example.com`, country_code: "FR", risk_scores: risk(55, 42) },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect(created.body).toMatchObject({ country_code: "FR", risk_scores: risk(55, 42) });

    const patch = (body: unknown) =>
      stackFetch(server, `/users/${id}`, { method: "PATCH", access: "server", keys, body });
    expect((await patch({ risk_scores: risk(75, 30) })).body).toMatchObject({ risk_scores: risk(75, 30) });
    for (const bad of [risk(101, 0), risk(50.5, 0), risk(-1, 0), { sign_up: { bot: 1 } }]) {
      const refused = await patch({ risk_scores: bad });
      expect([refused.status, knownError(refused).code]).toEqual([400, "SCHEMA_ERROR"]);
    }
    const read = await stackFetch(server, `/users/${id}`, { method: "GET", access: "server", keys });
    expect((read.body as { risk_scores: unknown }).risk_scores).toEqual(risk(75, 30));

    const plain = await createTestUser(server);
    const asServer = await stackFetch(server, `/users/${plain.userId}`, { method: "GET", access: "server", keys });
    expect((asServer.body as { risk_scores: unknown }).risk_scores).toEqual(risk(0, 0));
    const asClient = await stackFetch(server, "/users/me", {
      method: "GET",
      access: "client",
      keys,
      accessToken: plain.accessToken,
    });
    expect(asClient.body).not.toHaveProperty("risk_scores");
    const clientPatch = await stackFetch(server, "/users/me", {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: plain.accessToken,
      body: { risk_scores: risk(99, 99) },
    });
    expect(clientPatch.status).toBe(400);
  });

  it("imports a bcrypt hash, signs in with it and replaces it by argon2id", async () => {
    const email = `import-${randomUUID()}@example.com`;
    const created = await stackFetch(server, "/users", {
      access: "server",
      keys,
      body: {
        primary_email: email,
        primary_email_auth_enabled: true,
        password_hash: bcrypt.hashSync("imported-pw-1", 4),
      },
    });
    expect(created.status).toBe(201);
    expect((created.body as { has_password: boolean }).has_password).toBe(true);
    const signIn = (password: string) =>
      stackFetch(server, "/auth/password/sign-in", { access: "client", keys, body: { email, password } });
    expect(knownError(await signIn("wrong-pw-1")).code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await signIn("imported-pw-1")).status).toBe(200);
    const [row] = await server.store.query<{ password_hash: string }>(
      "select password_hash from auth_users where id = $1",
      [(created.body as { id: string }).id],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await signIn("imported-pw-1")).status).toBe(200);

    const refuse = async (body: Record<string, unknown>, text: string) => {
      const res = await stackFetch(server, "/users", { access: "server", keys, body });
      expect(res.status).toBe(400);
      expect(statusErrorText(res)).toBe(text);
    };
    await refuse(
      { password_hash: "$1$plain-md5" },
      "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
    );
    // Cost 17 would make every sign-in take seconds.
    await refuse(
      { password_hash: bcrypt.hashSync("x", 4).replace("$04$", "$17$") },
      "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
    );
    await refuse(
      { password: "both-pw-12", password_hash: bcrypt.hashSync("x", 4) },
      "Cannot set both password and password_hash at the same time.",
    );
  });

  it("stores a data URL image and serves it; a client may not point at other servers", async () => {
    const user = await createTestUser(server);
    const me = (profile_image_url: string) =>
      stackFetch(server, "/users/me", {
        method: "PATCH",
        access: "client",
        keys,
        accessToken: user.accessToken,
        body: { profile_image_url },
      });
    const stored = await me(GIF);
    const url = (stored.body as { profile_image_url: string }).profile_image_url;
    expect(url).toMatch(new RegExp(`^${server.url}/auth/api/v1/images/${keys.projectId}/[0-9a-f-]{36}\\.gif$`));
    const image = await fetch(url);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(GIF.split(",")[1] ?? "", "base64"));

    const remote = await me("https://tracker.example.com/pixel.png");
    expect([remote.status, statusErrorText(remote)]).toEqual([400, "Invalid profile image URL"]);
    const notAnImage = await me(`data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`);
    expect(notAnImage.status).toBe(400);
    expect(knownError(await me("")).error).toContain("body.profile_image_url is not a valid URL");
    // The server may point at any http(s) image.
    const bySever = await stackFetch(server, `/users/${user.userId}`, {
      method: "PATCH",
      access: "server",
      keys,
      body: { profile_image_url: "https://cdn.example.com/a.png" },
    });
    expect((bySever.body as { profile_image_url: string }).profile_image_url).toBe("https://cdn.example.com/a.png");
  });

  it("keeps a replaced primary address as a non-primary channel that no longer signs in", async () => {
    const oldEmail = `old-${randomUUID()}@example.com`;
    const newEmail = `new-${randomUUID()}@example.com`;
    const user = await createTestUser(server, { email: oldEmail, verified: true });
    const channels = async () => {
      const res = await stackFetch(server, `/contact-channels?user_id=${user.userId}`, { access: "server", keys });
      return (
        res.body as { items: { value: string; is_primary: boolean; is_verified: boolean; used_for_auth: boolean }[] }
      ).items;
    };
    const patch = (body: unknown) =>
      stackFetch(server, `/users/${user.userId}`, { method: "PATCH", access: "server", keys, body });

    const changed = await patch({ primary_email: newEmail });
    expect(changed.body).toMatchObject({ primary_email: newEmail, primary_email_verified: false });
    expect(await channels()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: oldEmail, is_primary: false, is_verified: true, used_for_auth: false }),
        expect.objectContaining({ value: newEmail, is_primary: true, is_verified: false }),
      ]),
    );
    // The old address signs in no more (a lost mailbox must not stay a way in).
    const signIn = await stackFetch(server, "/auth/password/sign-in", {
      access: "client",
      keys,
      body: { email: oldEmail, password: user.password },
    });
    expect(knownError(signIn).code).toBe("EMAIL_PASSWORD_MISMATCH");

    // Back to the old one: its verification is kept.
    const back = await patch({ primary_email: oldEmail });
    expect(back.body).toMatchObject({ primary_email: oldEmail, primary_email_verified: true });
    expect((await channels()).filter((c) => c.value === oldEmail)).toHaveLength(1);

    const removed = await patch({ primary_email: null });
    expect(removed.body).toMatchObject({ primary_email: null, primary_email_verified: false });
    expect(await channels()).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: oldEmail, is_primary: false, used_for_auth: false })]),
    );
  });

  it("lists anonymous users only when asked, and never turns a user anonymous", async () => {
    const anonymous = await stackFetch(server, "/auth/anonymous/sign-up", { access: "client", keys, body: {} });
    const anonId = (anonymous.body as { user_id: string }).user_id;
    const ids = async (query: string) =>
      (
        (await stackFetch(server, `/users${query}`, { access: "server", keys })).body as { items: { id: string }[] }
      ).items.map((u) => u.id);
    expect(await ids("?limit=1000")).not.toContain(anonId);
    expect(await ids("?limit=1000&include_anonymous=true")).toContain(anonId);
    expect(await ids("?include_anonymous=true&only_anonymous=true")).toContain(anonId);
    expect(knownError(await stackFetch(server, "/users?only_anonymous=true", { access: "server", keys })).code).toBe(
      "SCHEMA_ERROR",
    );

    const user = await createTestUser(server);
    const toAnon = await stackFetch(server, `/users/${user.userId}`, {
      method: "PATCH",
      access: "server",
      keys,
      body: { is_anonymous: true },
    });
    expect(knownError(toAnon).error).toContain("body.is_anonymous must be one of the following values: false");
  });

  it("restricts users whose e-mail is unverified where the project requires verification", async () => {
    const requireVerification = (on: boolean) =>
      stackFetch(server, "/internal/config/override/environment", {
        method: "PATCH",
        access: "admin",
        keys,
        body: { config_override_string: JSON.stringify({ "onboarding.requireEmailVerification": on }) },
      });
    expect((await requireVerification(true)).status).toBe(200);
    try {
      const user = await createTestUser(server, { verified: false });
      const read = await stackFetch(server, `/users/${user.userId}`, { access: "server", keys });
      expect(read.body).toMatchObject({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });
      const ids = async (query: string) =>
        (
          (await stackFetch(server, `/users?limit=1000${query}`, { access: "server", keys })).body as {
            items: { id: string }[];
          }
        ).items.map((u) => u.id);
      expect(await ids("")).not.toContain(user.userId);
      expect(await ids("&include_restricted=true")).toContain(user.userId);

      const me = (headers: Record<string, string> = {}) =>
        stackFetch(server, "/users/me", { access: "client", keys, accessToken: user.accessToken, headers });
      expect(knownError(await me()).code).toBe("RESTRICTED_USER_NOT_ALLOWED");
      expect((await me({ "x-stack-allow-restricted-user": "true" })).status).toBe(200);

      await stackFetch(server, `/users/${user.userId}`, {
        method: "PATCH",
        access: "server",
        keys,
        body: { primary_email_verified: true },
      });
      expect((await stackFetch(server, `/users/${user.userId}`, { access: "server", keys })).body).toMatchObject({
        is_restricted: false,
        restricted_reason: null,
      });
    } finally {
      await requireVerification(false);
    }
  });
});

describe("users a server creates and restricts, as on Stack's server", () => {
  it("creates an anonymous user on request: restricted for being anonymous, listed only with include_anonymous", async () => {
    const created = await stackFetch(server, "/users", { access: "server", keys, body: { is_anonymous: true } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: "anonymous" },
      restricted_by_admin: false,
      primary_email: null,
    });
    const { id } = created.body as { id: string };
    const ids = async (query: string) =>
      (
        (await stackFetch(server, `/users?limit=1000${query}`, { access: "server", keys })).body as {
          items: { id: string }[];
        }
      ).items.map((u) => u.id);
    expect(await ids("")).not.toContain(id);
    expect(await ids("&include_anonymous=true&only_anonymous=true")).toContain(id);
    // An update still cannot make a user anonymous.
    const patched = await stackFetch(server, `/users/${id}`, {
      method: "PATCH",
      access: "server",
      keys,
      body: { is_anonymous: true },
    });
    expect(knownError(patched).code).toBe("SCHEMA_ERROR");
  });

  it("takes an administrator's reason and details only with restricted_by_admin true, and drops both on lifting it", async () => {
    const user = await createTestUser(server);
    const patch = (body: unknown) =>
      stackFetch(server, `/users/${user.userId}`, { method: "PATCH", access: "server", keys, body });
    for (const body of [
      { restricted_by_admin: false, restricted_by_admin_reason: "Some reason" },
      { restricted_by_admin: false, restricted_by_admin_private_details: "Some details" },
      { restricted_by_admin_reason: "No flag" },
    ]) {
      const refused = await patch(body);
      expect(refused.status).toBe(400);
      expect(knownError(refused).code).toBe("SCHEMA_ERROR");
      expect(knownError(refused).error).toContain("must be null when restricted_by_admin is not true");
    }
    // An empty reason is none.
    expect((await patch({ restricted_by_admin: false, restricted_by_admin_reason: "" })).status).toBe(200);

    const restricted = await patch({
      restricted_by_admin: true,
      restricted_by_admin_reason: "Under review",
      restricted_by_admin_private_details: "Flagged by the fraud team",
    });
    expect(restricted.body).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_reason: "Under review",
      restricted_by_admin_private_details: "Flagged by the fraud team",
    });
    expect((await patch({ restricted_by_admin: false })).status).toBe(200);
    const read = await stackFetch(server, `/users/${user.userId}`, { access: "server", keys });
    expect(read.body).toMatchObject({
      restricted_by_admin: false,
      restricted_by_admin_reason: null,
      restricted_by_admin_private_details: null,
    });

    const refusedCreate = await stackFetch(server, "/users", {
      access: "server",
      keys,
      body: { restricted_by_admin_reason: "No flag" },
    });
    expect(knownError(refusedCreate).code).toBe("SCHEMA_ERROR");
  });
});

describe("primary e-mail flags without a primary e-mail", () => {
  it("refuses setting them true on a user without an address, and lets false through", async () => {
    const created = await stackFetch(server, "/users", {
      access: "server",
      keys,
      body: { display_name: "User Without Email" },
    });
    const { id } = created.body as { id: string };
    const patch = (body: unknown) =>
      stackFetch(server, `/users/${id}`, { method: "PATCH", access: "server", keys, body });
    for (const field of ["primary_email_verified", "primary_email_auth_enabled"]) {
      const refused = await patch({ [field]: true });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: "PRIMARY_EMAIL_REQUIRED",
        error: `${field} cannot be true without primary_email`,
      });
      const allowed = await patch({ [field]: false });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toMatchObject({ primary_email: null, [field]: false });
    }
    // With an address in the same request it is fine.
    const withEmail = await patch({ primary_email: `late-${randomUUID()}@example.com`, primary_email_verified: true });
    expect(withEmail.body).toMatchObject({ primary_email_verified: true });
  });
});

describe("request validation wording", () => {
  it("calls an empty e-mail address empty, and checks a team's path and query together", async () => {
    const empty = await stackFetch(server, "/auth/password/sign-in", {
      access: "client",
      keys,
      body: { email: "", password: "some-password" },
    });
    expect(knownError(empty)).toMatchObject({
      code: "SCHEMA_ERROR",
      error: "Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.email must not be empty",
    });
    const notAnAddress = await stackFetch(server, "/auth/password/sign-in", {
      access: "client",
      keys,
      body: { email: "nope", password: "some-password" },
    });
    expect(knownError(notAnAddress).error).toContain("body.email must be a valid email address");

    const user = await createTestUser(server);
    const team = await stackFetch(server, `/teams/me?team_id=${randomUUID()}`, {
      method: "PATCH",
      access: "client",
      keys,
      accessToken: user.accessToken,
      body: { display_name: "Renamed" },
    });
    expect(team.status).toBe(400);
    expect(knownError(team)).toMatchObject({
      code: "SCHEMA_ERROR",
      error:
        "Request validation failed on PATCH /api/v1/teams/me:\n  - params.team_id must be a valid UUID\n  - query contains unknown properties: team_id",
    });
  });
});
