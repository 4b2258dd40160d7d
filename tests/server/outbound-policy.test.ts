import { randomUUID } from "node:crypto";
import { type AddressInfo, createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseScope, URL_AAD } from "../../server/api/lib/databases/user-databases.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { Vault } from "../../server/lib/vault.ts";
import { api } from "../api/api-client.ts";
import { TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { appProjectOf, clientApp, createTestUser, serverApp, type TestUser } from "../helpers/stack-apps.ts";
import { stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

// A server on the defaults (no OUTBOUND_ALLOW): nothing it does on a user's behalf may reach the
// loopback trap below, which counts every connection made to it.
let server: TestServer;
let user: TestUser;
let trap: Server;
let trapPort: number;
let trapConnections = 0;

beforeAll(async () => {
  trap = createServer((socket) => {
    trapConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  trapPort = (trap.address() as AddressInfo).port;
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  user = await createTestUser(server, { verified: true });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => trap?.close(() => resolve()));
});

const asAdmin = async (path: string, request: { method?: string; body?: unknown } = {}) =>
  stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });

describe("external databases", () => {
  it("refuses private, loopback and metadata addresses alike, open, closed or filtered, without connecting", async () => {
    const local = new URL(TEST_POSTGRES_URL);
    const targets = [
      `postgres://u:p@127.0.0.1:${trapPort}/x`, // open (the trap)
      `postgres://u:p@127.0.0.1:1/x`, // closed
      `postgres://${local.username || "postgres"}@${local.host}/postgres`, // the local cluster, trust auth
      `postgres://u:p@10.255.255.1:5432/x`, // filtered (nothing answers)
      `postgres://u:p@169.254.169.254/x`,
      `postgres://u:p@localhost:${trapPort}/x`,
      `postgres://u:p@[::1]:${trapPort}/x`,
      `postgres://u:p@[::ffff:127.0.0.1]:${trapPort}/x`,
      `postgres://u:p@2130706433:${trapPort}/x`,
    ];
    const answers = [];
    for (const url of targets) {
      const answer = await api(server, user.accessToken, "POST", "/db", { kind: "external", name: randomUUID(), url });
      answers.push([answer.status, answer.error]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([403, expect.objectContaining({ code: "OUTBOUND_ADDRESS_NOT_ALLOWED" })]);
    expect(trapConnections).toBe(0);
    expect((await api(server, user.accessToken, "GET", "/db")).data).toEqual([]);
  });

  it("refuses URL parameters that would pick another host or read the server's files", async () => {
    for (const query of ["host=/var/run/postgresql", "hostaddr=127.0.0.1", "sslrootcert=/etc/passwd", "sslkey=/x"]) {
      const answer = await api(server, user.accessToken, "POST", "/db", {
        kind: "external",
        name: randomUUID(),
        url: `postgres://u:p@db.example.com/x?${query}`,
      });
      expect([answer.status, answer.error?.code], query).toEqual([400, "SCHEMA_ERROR"]);
    }
  });

  it("checks every later connection too: a stored URL the policy refuses is never opened", async () => {
    // As if registered while the operator allowed loopback, then the allowance was removed.
    const id = randomUUID();
    const vault = new Vault(server.store.db, loadMasterKey({ dataDir: server.dataDir }));
    const sealed = await vault.seal(databaseScope(id), TEST_POSTGRES_URL, URL_AAD);
    await server.store.query(
      `INSERT INTO user_databases (id, owner_id, name, kind, engine, location, encrypted_url)
       VALUES ($1, $2, 'was-allowed', 'external', 'postgres', '127.0.0.1:5432/postgres', $3)`,
      [id, user.userId, sealed],
    );
    for (const [method, path, body] of [
      ["POST", `/db/${id}/execute`, { sql: "SELECT 1" }],
      ["GET", `/db/${id}/schema`, undefined],
      ["GET", `/db/${id}/table/x`, undefined],
    ] as const) {
      const answer = await api(server, user.accessToken, method, path, body);
      expect([answer.status, answer.error?.code], path).toEqual([403, "OUTBOUND_ADDRESS_NOT_ALLOWED"]);
    }
    await api(server, user.accessToken, "DELETE", `/db/${id}`);
  });
});

describe("webhooks and SMTP", () => {
  it("never posts a webhook to a refused address, and logs why", async () => {
    const created = await asAdmin("/internal/webhooks/endpoints", {
      body: { url: `http://127.0.0.1:${trapPort}/hook`, description: "trap" },
    });
    expect(created.status).toBe(201);
    const endpointId = (created.body as { id: string }).id;
    await (await serverApp(server)).createUser({ primaryEmail: `hook-${randomUUID()}@example.com` });
    const lastError = async () =>
      (
        await server.store.query<{ last_error: string | null }>(
          "SELECT last_error FROM auth_webhook_deliveries WHERE endpoint_id = $1",
          [endpointId],
        )
      )[0]?.last_error ?? null;
    await expect.poll(lastError, { timeout: 20_000 }).toMatch(/^OUTBOUND_ADDRESS_NOT_ALLOWED/);
    expect(trapConnections).toBe(0);
    await asAdmin(`/internal/webhooks/endpoints/${endpointId}`, { method: "DELETE" });
  });

  it("refuses the SMTP test to a refused address before connecting", async () => {
    const answer = await asAdmin("/internal/send-test-email", {
      body: {
        recipient_email: "someone@example.com",
        email_config: {
          host: "127.0.0.1",
          port: trapPort,
          username: "",
          password: "",
          sender_name: "T",
          sender_email: "t@example.com",
        },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: false, error_message: expect.stringContaining("OUTBOUND_ALLOW") });
    expect(trapConnections).toBe(0);
  });

  it("does not deliver a project's mail through its own SMTP server on a refused address", async () => {
    const set = await asAdmin("/internal/projects/current", {
      method: "PATCH",
      body: {
        config: {
          email_config: {
            type: "standard",
            host: "localhost",
            port: trapPort,
            username: "u",
            password: "p",
            sender_name: "Project",
            sender_email: "mailer@project.example",
          },
        },
      },
    });
    expect(set.status).toBe(200);
    try {
      const email = `own-smtp-${randomUUID()}@example.com`;
      await (await serverApp(server)).createUser({
        primaryEmail: email,
        primaryEmailAuthEnabled: true,
        password: "correct-horse-1",
      });
      await (await clientApp(server)).sendForgotPasswordEmail(email, {
        callbackUrl: `${server.url}/handler/password-reset`,
      });
      const lastError = async () =>
        (
          await server.store.query<{ last_error: string | null }>(
            `SELECT last_error FROM auth_mail_outbox WHERE "to" = $1`,
            [email],
          )
        )[0]?.last_error ?? null;
      await expect.poll(lastError, { timeout: 20_000 }).toMatch(/OUTBOUND_ALLOW/);
      expect(trapConnections).toBe(0);
    } finally {
      await asAdmin("/internal/projects/current", {
        method: "PATCH",
        body: { config: { email_config: { type: "shared" } } },
      });
    }
  });
});
