import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebhookPortalTokens } from "../../server/auth/webhooks/portal-tokens.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ path: string; headers: Record<string, string>; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { OUTBOUND_ALLOW: "127.0.0.1" } }); // the receiver is on loopback
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function asAdmin(path: string, request: { method?: string; body?: unknown } = {}) {
  return stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });
}

async function portal(path: string, token?: string) {
  const response = await server.request(`/auth/api/v1/webhooks/portal${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /webhooks/svix-token and the webhook portal", () => {
  it("answers admins a token that reads the project's endpoints and log, with secrets by last four only", async () => {
    const created = await asAdmin("/internal/webhooks/endpoints", { body: { url: `${receiverUrl}/portal` } });
    const endpoint = created.body as { id: string; secret: string };

    const issued = await asAdmin("/webhooks/svix-token", { method: "POST", body: {} });
    expect(issued.status).toBe(200);
    const { token, expires_at_millis } = issued.body as { token: string; expires_at_millis: number };
    expect(token).toMatch(/^whp_/);
    expect(expires_at_millis).toBeGreaterThan(Date.now());

    const endpoints = await portal("/endpoints", token);
    expect(endpoints.status).toBe(200);
    const items = endpoints.body.items as Array<Record<string, unknown>>;
    expect(items.find((e) => e.id === endpoint.id)).toMatchObject({ secret_last_four: endpoint.secret.slice(-4) });
    expect(JSON.stringify(endpoints.body)).not.toContain(endpoint.secret);
    expect((await portal("/deliveries", token)).status).toBe(200);
  });

  it("refuses missing, forged and expired tokens, and callers below admin", async () => {
    for (const token of [undefined, "whp_nonsense", "whp_e30.AAAA"]) {
      const answer = await portal("/endpoints", token);
      expect([answer.status, answer.body.code]).toEqual([401, "WEBHOOK_PORTAL_TOKEN_INVALID"]);
    }
    const { token } = (await asAdmin("/webhooks/svix-token", { method: "POST", body: {} })).body as { token: string };
    const [payload, signature] = token.slice(4).split(".");
    const otherProject = Buffer.from(JSON.stringify({ p: randomUUID(), e: Date.now() + 60_000 })).toString("base64url");
    expect((await portal("/endpoints", `whp_${otherProject}.${signature}`)).status).toBe(401);
    expect((await portal("/endpoints", `whp_${payload}.${signature}x`)).status).toBe(401);

    const tokens = new WebhookPortalTokens(server.store);
    const projectId = (await appProjectOf(server)).projectId;
    expect(await tokens.verify(token)).toBe(projectId);
    expect(await tokens.verify(token, Date.now() + 2 * 3600_000)).toBeNull();

    const asServer = await stackFetch(server, "/webhooks/svix-token", {
      method: "POST",
      access: "server",
      keys: await appProjectOf(server),
      body: {},
    });
    expect(asServer.status).toBe(401);
    expect(knownError(asServer).code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("POST /internal/webhooks/endpoints/{id}/test", () => {
  it("sends a signed webhook.test event to that endpoint only, and refuses a disabled one", async () => {
    const path = `/try/${randomUUID()}`;
    const other = `/other/${randomUUID()}`;
    const endpoint = (await asAdmin("/internal/webhooks/endpoints", { body: { url: `${receiverUrl}${path}` } }))
      .body as { id: string; secret: string };
    await asAdmin("/internal/webhooks/endpoints", { body: { url: `${receiverUrl}${other}` } });

    const sent = await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}/test`, { method: "POST", body: {} });
    expect([sent.status, sent.body]).toEqual([200, { success: true }]);
    const hit = await vi.waitFor(
      () => {
        const found = received.find((r) => r.path === path);
        if (!found) throw new Error(`no request to ${path} yet`);
        return found;
      },
      { timeout: 15_000, interval: 50 },
    );
    const event = new Webhook(endpoint.secret).verify(hit.body, hit.headers) as { type: string; data: unknown };
    expect(event.type).toBe("webhook.test");
    expect(event.data).toMatchObject({ endpoint_id: endpoint.id });
    expect(received.some((r) => r.path === other)).toBe(false);

    await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}`, { method: "PATCH", body: { enabled: false } });
    const refused = await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}/test`, { method: "POST", body: {} });
    expect([refused.status, knownError(refused).code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(
      (await asAdmin(`/internal/webhooks/endpoints/${randomUUID()}/test`, { method: "POST", body: {} })).status,
    ).toBe(404);
  });
});
