import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  appWebhookSchema,
  appWebhookWithSecretSchema,
  secretsChangedEventSchema,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOKS_PER_APP,
  webhookDeliverySchema,
} from "../../server/contract/app-webhooks.ts";
import { appSchema } from "../../server/contract/apps.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

// Change webhooks of an app's secrets, delivered to a real receiver on loopback (allowed here by
// OUTBOUND_ALLOW), each delivery checked with the Standard Webhooks library a receiver would use.
let server: TestServer;
let receiver: Server;
let receiverUrl: string;
let alice: TestUser;
let bob: TestUser;
const received: Received[] = [];
/** Paths that answer 500 to their first request, then 204. */
const failFirst = new Set<string>();

/** Values written in these tests: none may reach a receiver, the log or the delivery log. */
const VALUES = ["value-one-6f1c", "value-two-93ab", "imported-55d0", "copied-value-7e2a"];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers as Record<string, string>, body });
      if (failFirst.delete(path)) res.writeHead(500).end("receiver is down");
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { OUTBOUND_ALLOW: "127.0.0.1" } });
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const call = (method: string, path: string, body?: unknown, user: TestUser = alice) =>
  api(server, user.accessToken, method, path, body);

async function newApp(title: string): Promise<string> {
  return appSchema.parse((await call("POST", "/apps", { title })).data).id;
}

async function addWebhook(appId: string, path: string, environment?: string) {
  const answer = await call("POST", `/apps/${appId}/webhooks`, { url: `${receiverUrl}${path}`, environment });
  expect(answer.status, answer.text).toBe(201);
  return appWebhookWithSecretSchema.parse(answer.data);
}

/** Waits (polling, no fixed sleep) until the receiver has `count` requests on `path`. */
function requestsOn(path: string, count = 1): Promise<Received[]> {
  return vi.waitFor(
    () => {
      const hits = received.filter((r) => r.path === path);
      expect(hits.length).toBeGreaterThanOrEqual(count);
      return hits;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** Verifies a request as a receiver does (throws on a bad signature) and answers its event. */
function verified(request: Received, secret: string): unknown {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": request.headers["webhook-id"] ?? "",
    "webhook-timestamp": request.headers["webhook-timestamp"] ?? "",
    "webhook-signature": request.headers["webhook-signature"] ?? "",
  });
}

describe("change webhooks", () => {
  it("are signed per Standard Webhooks and name keys and versions of every kind of change, never a value", async () => {
    const appId = await newApp("Hooks");
    const path = "/all-changes";
    const hook = await addWebhook(appId, path);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(hook).toMatchObject({ environment: null, enabled: true, lastDelivery: null });

    await call("POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: VALUES[0] });
    await call("POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: VALUES[1] });
    await call("DELETE", `/apps/${appId}/secrets/API_KEY`);
    await call("POST", `/apps/${appId}/secrets/import`, { content: `IMPORTED=${VALUES[2]}\nOTHER=${VALUES[3]}` });
    const copied = await call("POST", `/apps/${appId}/environments/staging/copy`, {
      from: "development",
      keys: ["OTHER"],
    });
    expect(copied.status, copied.text).toBe(200);
    const rolledBack = await call("POST", `/apps/${appId}/environments/development/rollback`, {
      at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(rolledBack.status, rolledBack.text).toBe(200);

    const requests = await requestsOn(path, 6);
    const events = requests.map((r) => secretsChangedEventSchema.parse(verified(r, hook.secret)));
    // Compared as a set: retries aside, deliveries of one batch may arrive in any order.
    const seen = events
      .map((e) => ({
        via: e.data.via,
        env: e.data.environment.slug,
        changes: e.data.changes.map((c) => `${c.key}@${c.version}${c.deleted ? "-" : ""}`).sort(),
        version: e.data.version,
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(seen).toEqual(
      [
        { via: "browser", env: "development", changes: ["API_KEY@1"], version: 1 },
        { via: "browser", env: "development", changes: ["API_KEY@2"], version: 2 },
        { via: "browser", env: "development", changes: ["API_KEY@3-"], version: 3 },
        { via: "import", env: "development", changes: ["IMPORTED@1", "OTHER@1"], version: 1 },
        { via: "copy", env: "staging", changes: ["OTHER@1"], version: 1 },
        { via: "rollback", env: "development", changes: ["IMPORTED@2-", "OTHER@2-"], version: 2 },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    for (const event of events) expect(event.data.appId).toBe(appId);
    // No value anywhere a change went: the bodies, the delivery log, the server's log.
    const deliveries = await call("GET", `/apps/${appId}/webhooks/${hook.id}/deliveries`);
    for (const value of VALUES) {
      for (const request of requests) expect(request.body).not.toContain(value);
      expect(deliveries.text).not.toContain(value);
      expect(server.logs.join("\n")).not.toContain(value);
    }
  });

  it("shows the signing secret only when made or rotated, and keeps it sealed at rest", async () => {
    const appId = await newApp("Secret once");
    const path = "/rotated";
    const hook = await addWebhook(appId, path);
    const list = await call("GET", `/apps/${appId}/webhooks`);
    expect(list.status).toBe(200);
    expect((list.data as unknown[]).map((h) => appWebhookSchema.strict().parse(h).id)).toEqual([hook.id]);
    expect(list.text).not.toContain(hook.secret);
    const rows = await server.store.query<Record<string, unknown>>("SELECT * FROM app_webhooks WHERE id = $1", [
      hook.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(hook.secret.slice(6));

    const rotated = await call("POST", `/apps/${appId}/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const { secret } = appWebhookWithSecretSchema.parse(rotated.data);
    expect(secret).not.toBe(hook.secret);
    await call("POST", `/apps/${appId}/secrets`, { key: "K", value: "v" });
    const [request] = await requestsOn(path);
    if (!request) throw new Error("no request");
    expect(() => verified(request, hook.secret)).toThrow();
    expect(secretsChangedEventSchema.parse(verified(request, secret)).data.keys).toEqual(["K"]);
    expect(server.logs.join("\n")).not.toContain(secret.slice(6));
  });

  it("hears only its environment, and nothing while disabled", async () => {
    const appId = await newApp("Per environment");
    const prod = await addWebhook(appId, "/production-only", "production");
    expect(prod.environment).toEqual({ slug: "production", name: "Production" });
    const off = await addWebhook(appId, "/disabled");
    const disabled = await call("PATCH", `/apps/${appId}/webhooks/${off.id}`, { enabled: false });
    expect(appWebhookSchema.parse(disabled.data).enabled).toBe(false);

    await call("POST", `/apps/${appId}/secrets`, { key: "DEV_ONLY", value: "d" });
    await call("POST", `/apps/${appId}/secrets?environment=production`, { key: "PROD", value: "p" });
    const [request] = await requestsOn("/production-only");
    if (!request) throw new Error("no request");
    expect(secretsChangedEventSchema.parse(verified(request, prod.secret)).data.keys).toEqual(["PROD"]);
    // Both changes were queued before the production one was sent; none for the other two.
    const queued = await server.store.query<{ webhook_id: string }>(
      "SELECT webhook_id FROM app_webhook_deliveries WHERE app_id = $1",
      [appId],
    );
    expect(queued.map((q) => q.webhook_id)).toEqual([prod.id]);
    expect(received.filter((r) => r.path === "/disabled")).toEqual([]);
  });

  it("retries a receiver that fails first, with the same message id, and logs each outcome", async () => {
    const appId = await newApp("Retries");
    const path = "/fails-first";
    failFirst.add(path);
    const hook = await addWebhook(appId, path);
    await call("POST", `/apps/${appId}/secrets`, { key: "RETRIED", value: "r" });
    const [first, second] = await requestsOn(path, 2);
    expect(first?.headers["webhook-id"]).toBe(second?.headers["webhook-id"]);
    const log = await vi.waitFor(
      async () => {
        const answer = await call("GET", `/apps/${appId}/webhooks/${hook.id}/deliveries`);
        const [delivery] = (answer.data as unknown[]).map((d) => webhookDeliverySchema.parse(d));
        expect(delivery?.status).toBe("delivered");
        return delivery;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(log).toMatchObject({
      attempts: 2,
      statusCode: 204,
      error: null,
      environment: "development",
      keys: ["RETRIED"],
    });
    expect(log?.durationMs).toBeGreaterThanOrEqual(0);
    const listed = appWebhookSchema.parse(((await call("GET", `/apps/${appId}/webhooks`)).data as unknown[])[0]);
    expect(listed.lastDelivery).toMatchObject({ status: "delivered", statusCode: 204 });
  });

  it("keeps the last deliveries of a webhook as its log, a bounded number", async () => {
    const appId = await newApp("Bounded log");
    const hook = await addWebhook(appId, "/bounded");
    // An old log, as many deliveries before would have left it.
    await server.store.query(
      `INSERT INTO app_webhook_deliveries (app_id, webhook_id, message_id, event_type, payload, status, attempts, created_at)
       SELECT $1, $2, 'msg_old_' || n, 'secrets.changed', '{}'::jsonb, 'delivered', 1, now() - make_interval(mins => n)
         FROM generate_series(1, $3::int) AS n`,
      [appId, hook.id, WEBHOOK_DELIVERIES_KEPT + 5],
    );
    await call("POST", `/apps/${appId}/webhooks/${hook.id}/test`);
    await requestsOn("/bounded");
    const log = await vi.waitFor(
      async () => {
        const rows = await server.store.query<{ message_id: string }>(
          "SELECT message_id FROM app_webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC",
          [hook.id],
        );
        expect(rows).toHaveLength(WEBHOOK_DELIVERIES_KEPT);
        return rows.map((r) => r.message_id);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The newest stay: the test just sent, then the old ones from the most recent on.
    expect(log[0]).toMatch(/^msg_(?!old_)/);
    expect(log.at(-1)).toBe(`msg_old_${WEBHOOK_DELIVERIES_KEPT - 1}`);
  });

  it("sends a test event on demand", async () => {
    const appId = await newApp("Test send");
    const path = "/test-send";
    const hook = await addWebhook(appId, path);
    const sent = await call("POST", `/apps/${appId}/webhooks/${hook.id}/test`);
    expect(sent.status, sent.text).toBe(202);
    expect(webhookDeliverySchema.parse(sent.data)).toMatchObject({ eventType: "webhook.test", status: "pending" });
    const [request] = await requestsOn(path);
    if (!request) throw new Error("no request");
    expect(verified(request, hook.secret)).toMatchObject({ type: "webhook.test", data: { appId, webhookId: hook.id } });
  });

  it("refuses a URL to an address the operator did not allow, a URL that is no http(s) URL, and one too many", async () => {
    const appId = await newApp("Refused");
    for (const url of ["http://10.1.2.3/hook", "http://169.254.169.254/latest", "http://[::1]:9/x"]) {
      const answer = await call("POST", `/apps/${appId}/webhooks`, { url });
      expect([url, answer.status, answer.error?.code]).toEqual([url, 403, "OUTBOUND_ADDRESS_NOT_ALLOWED"]);
    }
    const hook = await addWebhook(appId, "/refused-later");
    const moved = await call("PATCH", `/apps/${appId}/webhooks/${hook.id}`, { url: "http://192.168.1.1/" });
    expect([moved.status, moved.error?.code]).toEqual([403, "OUTBOUND_ADDRESS_NOT_ALLOWED"]);
    for (const url of ["ftp://127.0.0.1/x", "not a url", "http://user:pw@127.0.0.1/"]) {
      const answer = await call("POST", `/apps/${appId}/webhooks`, { url });
      expect([url, answer.status, answer.error?.code]).toEqual([url, 400, "SCHEMA_ERROR"]);
    }
    const unknownEnv = await call("POST", `/apps/${appId}/webhooks`, { url: `${receiverUrl}/x`, environment: "qa" });
    expect([unknownEnv.status, unknownEnv.error?.code]).toEqual([404, "ENVIRONMENT_NOT_FOUND"]);
    expect((await call("GET", `/apps/${appId}/webhooks`)).data).toHaveLength(1);
    for (let i = 1; i < WEBHOOKS_PER_APP; i++) await addWebhook(appId, `/limit-${i}`);
    const over = await call("POST", `/apps/${appId}/webhooks`, { url: `${receiverUrl}/one-too-many` });
    expect([over.status, over.error?.code, over.error?.details]).toEqual([
      409,
      "WEBHOOK_LIMIT_REACHED",
      { max: WEBHOOKS_PER_APP },
    ]);
  });

  it("are seen and managed by the app's owner only: a stranger gets the 404 of a missing app", async () => {
    const appId = await newApp("Private");
    const hook = await addWebhook(appId, "/private");
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/apps/${appId}/webhooks`],
      ["POST", `/apps/${appId}/webhooks`, { url: `${receiverUrl}/bob` }],
      ["PATCH", `/apps/${appId}/webhooks/${hook.id}`, { enabled: false }],
      ["DELETE", `/apps/${appId}/webhooks/${hook.id}`],
      ["POST", `/apps/${appId}/webhooks/${hook.id}/rotate-secret`],
      ["POST", `/apps/${appId}/webhooks/${hook.id}/test`],
      ["GET", `/apps/${appId}/webhooks/${hook.id}/deliveries`],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(method, path, body, bob);
      expect([method, path, answer.status, answer.error?.code]).toEqual([method, path, 404, "APP_NOT_FOUND"]);
    }
    // Another app's webhook id under one's own app is a missing webhook.
    const bobsApp = appSchema.parse((await call("POST", "/apps", { title: "Bob's" }, bob)).data).id;
    const crossed = await call("DELETE", `/apps/${bobsApp}/webhooks/${hook.id}`, undefined, bob);
    expect([crossed.status, crossed.error?.code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);

    const deleted = await call("DELETE", `/apps/${appId}/webhooks/${hook.id}`);
    expect([deleted.status, deleted.data]).toEqual([200, { id: hook.id, deleted: true }]);
    expect((await call("GET", `/apps/${appId}/webhooks`)).data).toEqual([]);
  });
});
