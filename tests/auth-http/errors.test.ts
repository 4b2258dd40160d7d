import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../server/auth/crypto/secrets.ts";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { knownError, type StackRequest, stackFetch, statusErrorText } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let keys: AppProjectKeys;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
  user = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
});

const client = (extra: StackRequest = {}): StackRequest => ({ access: "client", keys, ...extra });
const callbackUrl = () => `${server.url}/handler/email-verification`;

async function expectError(path: string, request: StackRequest, status: number, code: string) {
  const res = await stackFetch(server, path, request);
  expect(res.status, res.text).toBe(status);
  const error = knownError(res);
  expect(error.code).toBe(code);
  return error;
}

describe("bad input", () => {
  it("answers malformed JSON with BODY_PARSING_ERROR", async () => {
    const error = await expectError("/auth/password/sign-in", client({ body: "{oops" }), 400, "BODY_PARSING_ERROR");
    expect(error.error).toBe("Invalid JSON in request body");
  });

  it("names a missing field, an unknown field and a bad e-mail in Stack's words", async () => {
    const missing = await expectError(
      "/auth/password/sign-in",
      client({ body: { email: user.email } }),
      400,
      "SCHEMA_ERROR",
    );
    expect(missing.error).toBe(
      "Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.password must be defined",
    );
    expect(missing.details).toEqual({ message: missing.error });
    const extra = await expectError(
      "/users/me",
      client({ method: "PATCH", accessToken: user.accessToken, body: { client_read_only_metadata: { x: 1 } } }),
      400,
      "SCHEMA_ERROR",
    );
    expect(extra.error).toBe(
      "Request validation failed on PATCH /api/v1/users/me:\n  - body contains unknown properties: client_read_only_metadata",
    );
    const email = await expectError(
      "/auth/password/sign-up",
      client({ body: { email: "not-an-email", password: "correct-horse-1" } }),
      400,
      "SCHEMA_ERROR",
    );
    expect(email.error).toContain("body.email");
    const wrongType = await expectError("/auth/password/sign-in", client({ body: [1, 2] }), 400, "SCHEMA_ERROR");
    expect(wrongType.error).toContain("Request validation failed");
  });

  it("requires 45-character codes", async () => {
    const error = await expectError("/contact-channels/verify", client({ body: { code: "abc" } }), 400, "SCHEMA_ERROR");
    expect(error.error).toBe(
      "Request validation failed on POST /api/v1/contact-channels/verify:\n  - body.code must be exactly 45 characters",
    );
  });

  it("answers query garbage with SCHEMA_ERROR", async () => {
    await expectError("/users?limit=many", { access: "server", keys }, 400, "SCHEMA_ERROR");
    await expectError("/users?cursor=not-a-uuid", { access: "server", keys }, 400, "SCHEMA_ERROR");
  });
});

describe("no input makes a 500", () => {
  const routes: Array<[string, string]> = [
    ["POST", "/auth/password/sign-up"],
    ["POST", "/auth/password/sign-in"],
    ["POST", "/auth/password/send-reset-code"],
    ["POST", "/auth/password/reset"],
    ["POST", "/auth/password/reset/check-code"],
    ["POST", "/auth/password/update"],
    ["POST", "/auth/password/set"],
    ["POST", "/auth/anonymous/sign-up"],
    ["POST", "/auth/oauth/token"],
    ["POST", "/auth/sessions"],
    ["DELETE", "/auth/sessions/current"],
    ["POST", "/auth/sessions/current/refresh"],
    ["DELETE", "/auth/sessions/not-a-uuid"],
    ["PATCH", "/users/me"],
    ["POST", "/users"],
    ["PATCH", "/users/not-a-uuid"],
    ["POST", "/contact-channels"],
    ["PATCH", "/contact-channels/me/not-a-uuid"],
    ["POST", "/contact-channels/send-verification-code"],
    ["POST", "/contact-channels/me/not-a-uuid/send-verification-code"],
    ["POST", "/contact-channels/verify"],
    ["POST", "/contact-channels/verify/check-code"],
    ["POST", "/analytics/events/batch"],
  ];
  const bodies = [
    "null",
    "1",
    '"text"',
    "[]",
    '{"email":5,"password":[],"code":{}}',
    '{"user_id":"me","value":null}',
    "{",
  ];

  // Routes that ignore their body (anonymous sign-up, sign-out) may answer 200; none may answer 5xx.
  it.each(routes)("%s %s answers every odd body without a 5xx", async (method, path) => {
    const victim = await createTestUser(server);
    for (const access of ["client", "server"] as const) {
      for (const body of bodies) {
        const res = await stackFetch(server, path, {
          method,
          access,
          keys,
          accessToken: victim.accessToken,
          body,
          headers: { "content-type": "application/json" },
        });
        expect(res.status, `${access} ${body}: ${res.text}`).toBeLessThan(500);
      }
    }
  });

  it("answers odd query strings with a 4xx", async () => {
    for (const path of [
      "/users?limit=-1",
      "/users?desc=maybe",
      "/users?order_by=name",
      "/auth/sessions?user_id=%00",
      "/contact-channels?user_id=x&user_id=y",
    ]) {
      const res = await stackFetch(server, path, { access: "server", keys });
      expect(res.status, `${path}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path}: ${res.text}`).toBeLessThan(500);
    }
  });
});

describe("password errors", () => {
  it("refuses a second account with the same e-mail", async () => {
    const error = await expectError(
      "/auth/password/sign-up",
      client({ body: { email: user.email.toUpperCase(), password: "correct-horse-1" } }),
      409,
      "USER_EMAIL_ALREADY_EXISTS",
    );
    expect(error.details).toEqual({ email: user.email, would_work_if_email_was_verified: false });
  });

  it("gives the password limits in the details the SDK reads", async () => {
    const short = await expectError(
      "/auth/password/sign-up",
      client({ body: { email: `s-${randomUUID()}@example.com`, password: "short" } }),
      400,
      "PASSWORD_TOO_SHORT",
    );
    expect(short).toEqual({
      code: "PASSWORD_TOO_SHORT",
      error: "Password too short. Minimum length is 8.",
      details: { min_length: 8 },
    });
    const long = await expectError(
      "/auth/password/sign-up",
      client({ body: { email: `l-${randomUUID()}@example.com`, password: "x".repeat(71) } }),
      400,
      "PASSWORD_TOO_LONG",
    );
    expect(long.details).toEqual({ maxLength: 70 });
  });

  it("refuses callback URLs outside the trusted domains", async () => {
    await expectError(
      "/auth/password/sign-up",
      client({
        body: {
          email: `u-${randomUUID()}@example.com`,
          password: "correct-horse-1",
          verification_callback_url: "https://evil.example.org/cb",
        },
      }),
      400,
      "REDIRECT_URL_NOT_WHITELISTED",
    );
    await expectError(
      "/auth/password/send-reset-code",
      client({ body: { email: user.email, callback_url: "https://evil.example.org/reset" } }),
      400,
      "REDIRECT_URL_NOT_WHITELISTED",
    );
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const wrong = await expectError(
      "/auth/password/sign-in",
      client({ body: { email: user.email, password: "wrong-password" } }),
      400,
      "EMAIL_PASSWORD_MISMATCH",
    );
    const unknown = await expectError(
      "/auth/password/sign-in",
      client({ body: { email: `nobody-${randomUUID()}@example.com`, password: "wrong-password" } }),
      400,
      "EMAIL_PASSWORD_MISMATCH",
    );
    expect(unknown).toEqual(wrong);
    expect(wrong.error).toBe("Wrong e-mail or password.");
  });

  it("checks the old password, and refuses set when one exists", async () => {
    const fresh = await createTestUser(server);
    const mismatch = client({
      accessToken: fresh.accessToken,
      body: { old_password: "wrong-password", new_password: "new-password-1" },
    });
    await expectError("/auth/password/update", mismatch, 400, "PASSWORD_CONFIRMATION_MISMATCH");
    const set = await stackFetch(
      server,
      "/auth/password/set",
      client({ accessToken: fresh.accessToken, body: { password: "new-password-1" } }),
    );
    expect(set.status).toBe(400);
    expect(statusErrorText(set)).toBe("User already has a password set.");
    expect(set.headers.get("x-stack-known-error")).toBeNull();

    const anon = await stackFetch(server, "/auth/anonymous/sign-up", client({ body: {} }));
    const anonToken = (anon.body as { access_token: string }).access_token;
    const noPassword = client({
      accessToken: anonToken,
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { old_password: "whatever-1", new_password: "new-password-1" },
    });
    await expectError("/auth/password/update", noPassword, 400, "USER_DOES_NOT_HAVE_PASSWORD");
    const signedOut = await expectError(
      "/auth/password/update",
      client({ body: { old_password: "a", new_password: "b" } }),
      400,
      "SCHEMA_ERROR",
    );
    expect(signedOut.error).toContain("auth.user must be defined");
  });
});

describe("verification codes", () => {
  async function storedCode(purpose: "email_verification" | "password_reset", userId: string, data: object) {
    const code = "a".repeat(40) + randomUUID().replace(/-/g, "").slice(0, 5);
    await server.store.query(
      "insert into auth_verification_codes (project_id, purpose, code_hash, user_id, data, expires_at) values ($1, $2, $3, $4, $5, now() + interval '1 hour')",
      [keys.projectId, purpose, sha256(code), userId, JSON.stringify(data)],
    );
    return code;
  }

  it("answers each state of a code with its error", async () => {
    await expectError(
      "/contact-channels/verify",
      client({ body: { code: "b".repeat(45) } }),
      404,
      "VERIFICATION_CODE_NOT_FOUND",
    );
    await expectError(
      "/auth/password/reset/check-code",
      client({ body: { code: "b".repeat(45) } }),
      404,
      "VERIFICATION_CODE_NOT_FOUND",
    );

    const expired = await storedCode("password_reset", user.userId, { email: user.email });
    await server.store.query(
      "update auth_verification_codes set expires_at = now() - interval '1 second' where code_hash = $1",
      [sha256(expired)],
    );
    await expectError(
      "/auth/password/reset/check-code",
      client({ body: { code: expired } }),
      400,
      "VERIFICATION_CODE_EXPIRED",
    );

    const worn = await storedCode("password_reset", user.userId, { email: user.email });
    await server.store.query("update auth_verification_codes set attempts = 20 where code_hash = $1", [sha256(worn)]);
    await expectError(
      "/auth/password/reset/check-code",
      client({ body: { code: worn } }),
      400,
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
    );

    const fresh = await createTestUser(server);
    const channels = await stackFetch(
      server,
      "/contact-channels?user_id=me",
      client({ accessToken: fresh.accessToken }),
    );
    const [channel] = (channels.body as { items: { id: string }[] }).items;
    const once = await storedCode("email_verification", fresh.userId, { channel_id: channel?.id, email: fresh.email });
    const check = await stackFetch(server, "/contact-channels/verify/check-code", client({ body: { code: once } }));
    expect(check.body).toEqual({ is_code_valid: true });
    expect((await stackFetch(server, "/contact-channels/verify", client({ body: { code: once } }))).body).toEqual({
      success: true,
    });
    await expectError(
      "/contact-channels/verify",
      client({ body: { code: once } }),
      409,
      "VERIFICATION_CODE_ALREADY_USED",
    );
    // A code for one purpose is unknown to the other.
    const reset = await storedCode("password_reset", fresh.userId, { email: fresh.email });
    await expectError(
      "/contact-channels/verify",
      client({ body: { code: reset } }),
      404,
      "VERIFICATION_CODE_NOT_FOUND",
    );
  });

  it("guards the legacy send-verification-code form", async () => {
    const fresh = await createTestUser(server);
    const other = client({
      accessToken: fresh.accessToken,
      body: { email: "someone-else@example.com", callback_url: callbackUrl() },
    });
    const error = await expectError(
      "/contact-channels/send-verification-code",
      other,
      400,
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
    );
    expect(error.details).toEqual({ email: "someone-else@example.com", primary_email: fresh.email });
    const ok = await stackFetch(
      server,
      "/contact-channels/send-verification-code",
      client({ accessToken: fresh.accessToken, body: { email: fresh.email, callback_url: callbackUrl() } }),
    );
    expect(ok.body).toEqual({ success: true });
    const verified = await createTestUser(server, { verified: true });
    await expectError(
      "/contact-channels/send-verification-code",
      client({ accessToken: verified.accessToken, body: { email: verified.email, callback_url: callbackUrl() } }),
      409,
      "EMAIL_ALREADY_VERIFIED",
    );
    await expectError(
      "/contact-channels/send-verification-code",
      client({ body: { email: fresh.email, callback_url: callbackUrl() } }),
      400,
      "SCHEMA_ERROR",
    );
  });

  it("answers send-reset-code the same for unknown addresses", async () => {
    const known = await stackFetch(
      server,
      "/auth/password/send-reset-code",
      client({ body: { email: user.email, callback_url: callbackUrl() } }),
    );
    const unknown = await stackFetch(
      server,
      "/auth/password/send-reset-code",
      client({ body: { email: `x-${randomUUID()}@example.com`, callback_url: callbackUrl() } }),
    );
    expect(known.body).toEqual({ success: "maybe, only if user with e-mail exists" });
    expect(unknown.body).toEqual(known.body);
  });
});

describe("sessions, tokens and users", () => {
  it("answers unknown or revoked refresh tokens with REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", async () => {
    const form = (refreshToken: string, secret = keys.publishableClientKey) =>
      new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: keys.projectId,
        client_secret: secret,
      }).toString();
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    const bad = await stackFetch(server, "/auth/oauth/token", { method: "POST", body: form("z".repeat(45)), headers });
    expect([bad.status, knownError(bad).code]).toEqual([401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);
    const wrongClient = await stackFetch(server, "/auth/oauth/token", {
      method: "POST",
      body: form(user.refreshToken, "pck_wrong"),
      headers,
    });
    expect(knownError(wrongClient)).toMatchObject({
      code: "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      details: { client_id: keys.projectId },
    });
    const good = await stackFetch(server, "/auth/oauth/token", {
      method: "POST",
      body: form(user.refreshToken, "__stack_public_client__"),
      headers,
    });
    expect(good.status).toBe(200);
    expect(good.headers.get("pragma")).toBe("no-cache");
    expect(good.body).toMatchObject({
      token_type: "Bearer",
      scope: "legacy",
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
    });
    const json = await stackFetch(server, "/auth/oauth/token", {
      body: {
        grant_type: "refresh_token",
        refresh_token: user.refreshToken,
        client_id: keys.projectId,
        client_secret: keys.publishableClientKey,
      },
    });
    expect(json.status).toBe(200);

    const session = await createTestUser(server);
    const signOut = client({ method: "DELETE", accessToken: session.accessToken, body: {} });
    expect((await stackFetch(server, "/auth/sessions/current", signOut)).body).toEqual({ success: true });
    await expectError("/auth/sessions/current", signOut, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    await expectError(
      "/auth/sessions/current/refresh",
      client({ method: "POST", refreshToken: session.refreshToken }),
      401,
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    );
  });

  it("keeps users apart: nobody reaches another user's sessions or data", async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server);
    // Stack answers this one with a plain 403 (recorded), not a known error.
    const sessions = await stackFetch(
      server,
      `/auth/sessions?user_id=${bob.userId}`,
      client({ accessToken: alice.accessToken }),
    );
    expect([sessions.status, statusErrorText(sessions)]).toEqual([
      403,
      "Client can only list sessions for their own user.",
    ]);
    const channels = await stackFetch(
      server,
      `/contact-channels?user_id=${bob.userId}`,
      client({ accessToken: alice.accessToken }),
    );
    expect([channels.status, statusErrorText(channels)]).toEqual([
      403,
      "Client can only list contact channels for their own user.",
    ]);
    // Elsewhere a client's user_id counts as "me" (Stack's suite), so naming Bob is refused as such.
    await expectError(
      `/team-invitations?user_id=${bob.userId}`,
      client({ accessToken: alice.accessToken }),
      400,
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
    );
    const bobSessions = await stackFetch(server, "/auth/sessions?user_id=me", client({ accessToken: bob.accessToken }));
    const [bobSession] = (bobSessions.body as { items: { id: string }[] }).items;
    const steal = await stackFetch(
      server,
      `/auth/sessions/${bobSession?.id}?user_id=me`,
      client({ method: "DELETE", accessToken: alice.accessToken }),
    );
    expect(steal.status).toBe(404);
    expect((await stackFetch(server, "/users/me", client({ accessToken: bob.accessToken }))).status).toBe(200);
    await expectError(
      `/users/${bob.userId}`,
      client({ accessToken: alice.accessToken }),
      401,
      "INSUFFICIENT_ACCESS_TYPE",
    );
  });

  it("answers unknown users and server-side mistakes", async () => {
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const error = await expectError(`/users/${unknownId}`, { access: "server", keys }, 404, "USER_NOT_FOUND");
    expect(error.error).toBe("User not found.");
    await expectError(
      `/users/${unknownId}`,
      { access: "server", keys, method: "PATCH", body: { display_name: "x" } },
      404,
      "USER_NOT_FOUND",
    );
    await expectError(
      "/auth/sessions",
      { access: "server", keys, body: { user_id: unknownId } },
      400,
      "USER_ID_DOES_NOT_EXIST",
    );
    await expectError(
      "/users",
      { access: "server", keys, body: { primary_email: user.email, primary_email_auth_enabled: true } },
      409,
      "USER_EMAIL_ALREADY_EXISTS",
    );
    const deleted = await createTestUser(server);
    expect(
      (await stackFetch(server, `/users/${deleted.userId}`, { access: "server", keys, method: "DELETE" })).body,
    ).toEqual({ success: true });
    await expectError(
      "/users/me",
      client({ accessToken: deleted.accessToken }),
      400,
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
    );
    const refresh = await stackFetch(server, "/auth/oauth/token", {
      body: {
        grant_type: "refresh_token",
        refresh_token: deleted.refreshToken,
        client_id: keys.projectId,
        client_secret: keys.publishableClientKey,
      },
    });
    expect(knownError(refresh).code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("refuses client self-deletion unless the project allows it", async () => {
    const fresh = await createTestUser(server);
    // Stack answers 400 here (a plain text there; a known-error code here).
    const res = await stackFetch(server, "/users/me", client({ method: "DELETE", accessToken: fresh.accessToken }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "CLIENT_USER_DELETION_DISABLED" });
    expect((await stackFetch(server, "/users/me", client({ accessToken: fresh.accessToken }))).status).toBe(200);
  });
});

describe("analytics events", () => {
  it("stores the batch the browser SDK sends", async () => {
    const body = {
      session_replay_segment_id: randomUUID(),
      batch_id: randomUUID(),
      sent_at_ms: Date.now(),
      events: [
        { event_type: "$page-view", event_at_ms: Date.now(), data: { path: "/" } },
        { event_type: "$click", event_at_ms: Date.now(), data: { tag: "button" } },
      ],
    };
    const res = await stackFetch(server, "/analytics/events/batch", client({ accessToken: user.accessToken, body }));
    expect(res.body).toEqual({ inserted: 2 });
    const rows = await server.store.query<{ n: number }>(
      "select count(*)::int as n from auth_analytics_events where user_id = $1",
      [user.userId],
    );
    expect(rows[0]?.n).toBe(2);
    await expectError("/analytics/events/batch", client({ body: { events: "many" } }), 400, "SCHEMA_ERROR");
  });
});

// Last in the file: the server answers before reading the whole body and drops that connection.
describe("oversize bodies", () => {
  it("rejects them without a 500", async () => {
    const res = await stackFetch(
      server,
      "/auth/password/sign-in",
      client({ body: { email: "a@b.co", password: "x".repeat(2_000_000) } }),
    );
    expect(res.status).toBe(413);
  });
});
