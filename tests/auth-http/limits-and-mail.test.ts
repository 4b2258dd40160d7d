import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const PASSWORD = "correct-horse-1";

/** A password sign-up, whose verification mail goes to the outbox; the request itself must succeed. */
async function signUpWithPassword(server: TestServer, keys: AppProjectKeys, email: string): Promise<void> {
  const res = await stackFetch(server, "/auth/password/sign-up", {
    access: "client",
    keys,
    body: { email, password: PASSWORD, verification_callback_url: `${server.url}/handler/email-verification` },
  });
  expect(res.status).toBe(200);
}

describe("with rate limits and an unreachable SMTP server", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  beforeAll(async () => {
    // Port 9 (discard) refuses connections on the test machines: every delivery attempt fails.
    server = await startTestServer({ env: { SMTP_URL: "smtp://127.0.0.1:9", TRUST_PROXY: "true" } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("limits sign-in attempts per e-mail with 429 and Retry-After, which the SDK waits out", async () => {
    const user = await createTestUser(server);
    const attempt = (headers: Record<string, string> = {}) =>
      stackFetch(server, "/auth/password/sign-in", {
        access: "client",
        keys,
        headers,
        body: { email: user.email, password: "wrong-password" },
      });
    // A limit's window opens at its key's first count (rate-limiter-flexible), not on the clock's
    // minute: this burst on a new account's keys cannot straddle two windows, so nothing waits.
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("x-stack-known-error")).toBeNull();
    const overridden = await attempt({ "x-stack-override-error-status": "true" });
    expect(overridden.status).toBe(200);
    expect(overridden.headers.get("x-stack-actual-status")).toBe("429");
    expect(overridden.headers.get("x-hexclave-actual-status")).toBe("429");
    // Another address is not affected by this one's limit.
    const other = await createTestUser(server);
    const fine = await stackFetch(server, "/auth/password/sign-in", {
      access: "client",
      keys,
      body: { email: other.email, password: other.password },
    });
    expect(fine.status).toBe(200);
  }, 60_000);

  it("counts per client address, taken from the proxy's X-Forwarded-For entry", async () => {
    const signUp = (forwardedFor: string) =>
      stackFetch(server, "/auth/anonymous/sign-up", {
        access: "client",
        keys,
        body: {},
        headers: { "x-forwarded-for": forwardedFor },
      });
    // The first entries are whatever the client claims; the proxy's own (last) entry counts.
    // 203.0.113.7's first request opens its window (see above).
    for (let i = 0; i < 60; i++) expect((await signUp(`198.51.100.${i}, 203.0.113.7`)).status).toBe(200);
    expect((await signUp("198.51.100.99, 203.0.113.7")).status).toBe(429);
    expect((await signUp("203.0.113.8")).status).toBe(200);
  }, 60_000);

  it("never fails the request when mail delivery fails, and records the failure for a retry", async () => {
    const email = `undeliverable-${randomUUID()}@example.com`;
    // The sign-up answers although delivery fails (no clock here: a slow machine is no failure).
    await signUpWithPassword(server, keys, email);
    const row = await vi.waitFor(
      async () => {
        const [mail] = await server.store.query<{
          status: string;
          attempts: number;
          last_error: string | null;
          retry_in_s: number;
        }>(
          `select status, attempts, last_error, extract(epoch from next_attempt_at - now())::float as retry_in_s
         from auth_mail_outbox where "to" = $1`,
          [email],
        );
        expect(mail?.last_error, "the failed delivery recorded").toBeTruthy();
        return mail as NonNullable<typeof mail>;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    // Rescheduled with backoff, for the worker to pick up again.
    expect(row.retry_in_s).toBeGreaterThan(0);
  });
});

describe("without SMTP, analytics events dropped", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", ANALYTICS_EVENTS: "drop" } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("accepts the SDK's analytics batches and keeps nothing", async () => {
    const res = await stackFetch(server, "/analytics/events/batch", {
      access: "client",
      keys,
      body: {
        batch_id: randomUUID(),
        sent_at_ms: Date.now(),
        events: [{ event_type: "$page-view", event_at_ms: Date.now(), data: {} }],
      },
    });
    expect(res.body).toEqual({ inserted: 0 });
    const [row] = await server.store.query<{ n: number }>("select count(*)::int as n from auth_analytics_events");
    expect(row?.n).toBe(0);
  });

  it("on a loopback-only server, keeps the mail in the outbox and logs one line with its link", async () => {
    const email = `logged-${randomUUID()}@example.com`;
    await signUpWithPassword(server, keys, email);
    const [row] = await server.store.query<{ id: string; status: string; subject: string }>(
      `select id, status, subject from auth_mail_outbox where "to" = $1`,
      [email],
    );
    expect(row).toMatchObject({ status: "logged", subject: "Verify your email at App Console" });
    const mailLines = server.logs.filter(
      (line) => line.includes("mail (no SMTP_URL configured)") && line.includes(row?.id ?? "-"),
    );
    expect(mailLines).toHaveLength(1);
    expect(JSON.parse(mailLines[0] ?? "{}").link).toMatch(/\/handler\/email-verification\?code=[0-9a-z]{45}$/);
    // Neither the address nor the password is in any log line: the mail id leads to the outbox.
    expect(server.logs.some((line) => line.includes(email))).toBe(false);
    expect(server.logs.some((line) => line.includes(PASSWORD))).toBe(false);
  });
});

describe("with an SMTP server that fails once", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  let smtp: SMTPServer;
  const received: string[] = [];
  beforeAll(async () => {
    let calls = 0;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          calls += 1;
          if (calls === 1) return callback(new Error("451 try again later"));
          received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", SMTP_URL: `smtp://127.0.0.1:${port}` } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers the mail on a later attempt", async () => {
    const email = `retry-${randomUUID()}@example.com`;
    await stackFetch(server, "/auth/password/send-reset-code", {
      access: "client",
      keys,
      body: {
        email: (await createTestUser(server, { email })).email,
        callback_url: `${server.url}/handler/password-reset`,
      },
    });
    const query = `select status, attempts, last_error from auth_mail_outbox where "to" = $1`;
    const failed = await vi.waitFor(
      async () => {
        const [mail] = await server.store.query<{ last_error: string | null }>(query, [email]);
        expect(mail?.last_error, "the failed delivery recorded").toBeTruthy();
        return mail as NonNullable<typeof mail>;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(failed.last_error).toContain("try again later");
    // Skip the backoff; the worker looks for due mails every few seconds.
    await server.store.query(`update auth_mail_outbox set next_attempt_at = now() where "to" = $1`, [email]);
    const sent = await vi.waitFor(
      async () => {
        const [mail] = await server.store.query<{ status: string; attempts: number }>(query, [email]);
        expect(mail?.status).toBe("sent");
        return mail as NonNullable<typeof mail>;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(sent.attempts).toBe(2);
    expect(received).toEqual([email]);
    // Delivered: recipient, subject and status stay, the body with its reset link does not.
    const [kept] = await server.store.query<{ subject: string; text: string; html: string }>(
      `select subject, text, html from auth_mail_outbox where "to" = $1`,
      [email],
    );
    expect(kept).toEqual({ subject: "Reset your password at App Console", text: "", html: "" });
  });
});

describe("without SMTP on a server others can reach", () => {
  let server: TestServer;
  let keys: AppProjectKeys;
  beforeAll(async () => {
    // What `npm start` does: every address, development mode, no SMTP_URL.
    server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", HOST: "0.0.0.0", NODE_ENV: "development" } });
    keys = await appProjectOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("logs where the mail is kept instead of its link, and keeps it whole for the operators", async () => {
    const email = `kept-${randomUUID()}@example.com`;
    await signUpWithPassword(server, keys, email);
    const [mail] = await server.store.query<{ id: string; status: string; text: string }>(
      `select id, status, text from auth_mail_outbox where "to" = $1`,
      [email],
    );
    const code = /code=([0-9a-z]{45})/.exec(mail?.text ?? "")?.[1];
    expect(mail?.status).toBe("logged");
    expect(code).toBeDefined();
    expect(server.logs.some((line) => line.includes(email))).toBe(false);
    const lines = server.logs.filter((line) => line.includes(mail?.id ?? "-"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      mailId: mail?.id,
      msg: expect.stringContaining("operators read it in the admin area under E-mails"),
    });
    expect(server.logs.some((line) => line.includes(code ?? "no code") || line.includes("email-verification?"))).toBe(
      false,
    );
  });
});
