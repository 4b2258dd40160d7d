import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appProjectOf, serverApp } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Paths that answer 500 to their first request, then 200. */
const failOnce = new Set<string>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers as Record<string, string>, body });
      if (failOnce.delete(path)) {
        res.writeHead(500).end("receiver is down");
        return;
      }
      if (path.startsWith("/always-fails/")) {
        res.writeHead(502).end("internal answer of the receiver");
        return;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver listens on loopback, which the outbound policy refuses unless allowed.
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false", OUTBOUND_ALLOW: "127.0.0.1" } });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function asAdmin(path: string, request: { method?: string; body?: unknown } = {}) {
  return stackFetch(server, path, { ...request, access: "admin", keys: await appProjectOf(server) });
}

async function createEndpoint(path: string): Promise<{ id: string; secret: string }> {
  const res = await asAdmin("/internal/webhooks/endpoints", {
    body: { url: `${receiverUrl}${path}`, description: path },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

/** Polls the receiver until `count` requests matched, within a deadline (retries back off for seconds). */
function waitForRequests(predicate: (r: Received) => boolean, count = 1): Promise<Received[]> {
  return vi.waitFor(
    () => {
      const hits = received.filter(predicate);
      expect(hits.length).toBeGreaterThanOrEqual(count);
      return hits;
    },
    { timeout: 45_000, interval: 100 },
  );
}

type Event = { type: string; data: { id: string; primary_email?: string; display_name?: string | null } };

describe("webhooks", () => {
  it("delivers user.created/updated/deleted signed per Standard Webhooks", async () => {
    const endpoint = await createEndpoint(`/hooks/${randomUUID()}`);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await asAdmin("/internal/webhooks/endpoints");
    const mine = (listed.body as { items: Record<string, unknown>[] }).items.find((e) => e.id === endpoint.id);
    expect(mine).toMatchObject({ secret_last_four: endpoint.secret.slice(-4), enabled: true });
    expect(mine).not.toHaveProperty("secret");
    // At rest the signing secret is sealed, bound to its endpoint (project-credentials.ts).
    const [stored] = await server.store.query<{ secret: string }>(
      "select secret from auth_webhook_endpoints where id = $1",
      [endpoint.id],
    );
    expect(stored?.secret).toMatch(/^sealed:v1\./);
    expect(stored?.secret).not.toContain(endpoint.secret.slice(6));

    const app = await serverApp(server);
    const email = `hook-${randomUUID()}@example.com`;
    const user = await app.createUser({ primaryEmail: email, password: "correct-horse-1" });
    await user.update({ displayName: "Hooked" });
    await user.delete();

    const verifier = new Webhook(endpoint.secret);
    const path = (mine as { url: string }).url.replace(receiverUrl, "");
    const events = (await waitForRequests((r) => r.path === path, 3)).map((r) => {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["webhook-id"]).toMatch(/^msg_/);
      expect(r.headers["webhook-signature"]).toMatch(/^v1,/);
      // verify() throws on a wrong signature or a stale timestamp.
      return verifier.verify(r.body, r.headers) as Event;
    });
    expect(events.map((e) => e.type).sort()).toEqual(["user.created", "user.deleted", "user.updated"]);
    expect(events.find((e) => e.type === "user.created")?.data).toMatchObject({ id: user.id, primary_email: email });
    expect(events.find((e) => e.type === "user.updated")?.data).toMatchObject({ display_name: "Hooked" });
    expect(events.find((e) => e.type === "user.deleted")?.data).toEqual({ id: user.id });

    const someone = received.find((r) => r.path === path);
    if (!someone) throw new Error("no request");
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(someone.body, someone.headers),
    ).toThrow();
    expect(() => verifier.verify(`${someone.body} `, someone.headers)).toThrow();

    await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" });
  });

  it("delivers team, membership and team permission events", async () => {
    const path = `/hooks/${randomUUID()}`;
    const endpoint = await createEndpoint(path);
    const app = await serverApp(server);
    const owner = await app.createUser({ primaryEmail: `owner-${randomUUID()}@example.com` });
    const member = await app.createUser({ primaryEmail: `member-${randomUUID()}@example.com` });
    const team = await app.createTeam({ displayName: "Hooked team", creatorUserId: owner.id });
    await team.addUser(member.id);
    await member.grantPermission(team, "$invite_members");
    await member.grantPermission(team, "$invite_members");
    await member.revokePermission(team, "$invite_members");
    await team.removeUser(member.id);
    await team.update({ displayName: "Renamed team" });
    await team.delete();

    const wanted = [
      "team.created",
      "team_membership.created",
      "team_membership.created",
      "team_permission.created",
      "team_permission.deleted",
      "team_membership.deleted",
      "team.updated",
      "team.deleted",
    ];
    const verifier = new Webhook(endpoint.secret);
    const events = (await waitForRequests((r) => r.path === path && r.body.includes('"team'), wanted.length)).map(
      (r) => verifier.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
    );
    // A repeated grant changes nothing and says nothing.
    expect(events.map((e) => e.type).sort()).toEqual([...wanted].sort());
    expect(events.find((e) => e.type === "team.created")?.data).toMatchObject({
      id: team.id,
      display_name: "Hooked team",
    });
    expect(events.find((e) => e.type === "team_permission.created")?.data).toEqual({
      id: "$invite_members",
      team_id: team.id,
      user_id: member.id,
    });
    expect(events.find((e) => e.type === "team_membership.deleted")?.data).toEqual({
      team_id: team.id,
      user_id: member.id,
    });
    expect(events.find((e) => e.type === "team.deleted")?.data).toEqual({ id: team.id });
    await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" });
  });

  it("retries a failed delivery with the same message id and logs both attempts; a disabled endpoint gets nothing", async () => {
    const flaky = `/flaky/${randomUUID()}`;
    failOnce.add(flaky);
    const endpoint = await createEndpoint(flaky);
    const off = await createEndpoint(`/off/${randomUUID()}`);
    const disabled = await asAdmin(`/internal/webhooks/endpoints/${off.id}`, {
      method: "PATCH",
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({ enabled: false });

    const app = await serverApp(server);
    const user = await app.createUser({ primaryEmail: `retry-${randomUUID()}@example.com` });

    // Queued in the request itself, so the log already shows the event for the enabled endpoint only.
    const queued = await asAdmin("/internal/webhooks/deliveries");
    const items = (queued.body as { items: { endpoint_id: string; event_type: string }[] }).items;
    expect(items.some((d) => d.endpoint_id === endpoint.id && d.event_type === "user.created")).toBe(true);
    expect(items.some((d) => d.endpoint_id === off.id)).toBe(false);

    const attempts = await waitForRequests((r) => r.path === flaky, 2);
    expect(attempts[0]?.headers["webhook-id"]).toBe(attempts[1]?.headers["webhook-id"]);
    expect(
      (new Webhook(endpoint.secret).verify(attempts[1]?.body ?? "", attempts[1]?.headers ?? {}) as Event).data.id,
    ).toBe(user.id);

    type Delivery = { event_type: string; status: string; attempts: number; last_status_code: number | null };
    await expect
      .poll(
        async () => {
          const log = await asAdmin(`/internal/webhooks/deliveries?endpoint_id=${endpoint.id}`);
          return (log.body as { items: Delivery[] }).items.find((d) => d.event_type === "user.created");
        },
        { timeout: 30_000, interval: 100 },
      )
      .toMatchObject({ status: "delivered", attempts: 2, last_status_code: 204 });
  }, 60_000);

  it("keeps a failed delivery's status in the log, never the receiver's answer", async () => {
    const path = `/always-fails/${randomUUID()}`;
    const endpoint = await createEndpoint(path);
    await (await serverApp(server)).createUser({ primaryEmail: `fails-${randomUUID()}@example.com` });
    await waitForRequests((r) => r.path === path);
    const logged = async () => {
      const log = await asAdmin(`/internal/webhooks/deliveries?endpoint_id=${endpoint.id}`);
      return (log.body as { items: Array<Record<string, unknown>> }).items.find((d) => d.last_status_code === 502);
    };
    await expect.poll(logged, { timeout: 20_000 }).toBeDefined();
    const log = await asAdmin(`/internal/webhooks/deliveries?endpoint_id=${endpoint.id}`);
    expect(log.text).not.toContain("internal answer of the receiver");
    const stored = await server.store.query<{ last_error: string }>(
      "SELECT last_error FROM auth_webhook_deliveries WHERE endpoint_id = $1",
      [endpoint.id],
    );
    expect(stored.map((d) => d.last_error)).toEqual(["HTTP 502"]);
    await asAdmin(`/internal/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" });
  }, 60_000);

  it("validates endpoints, answers 404 for unknown ones, and refuses non-admin callers", async () => {
    const bad = await asAdmin("/internal/webhooks/endpoints", { body: { url: "ftp://example.com/hook" } });
    expect(bad.status).toBe(400);
    expect(knownError(bad).code).toBe("SCHEMA_ERROR");
    expect((await asAdmin(`/internal/webhooks/endpoints/${randomUUID()}`, { method: "DELETE" })).status).toBe(404);
    expect((await asAdmin("/internal/webhooks/endpoints/not-a-uuid", { method: "DELETE" })).status).toBe(404);

    const keys = await appProjectOf(server);
    const asServer = await stackFetch(server, "/internal/webhooks/endpoints", {
      access: "server",
      keys,
      body: { url: `${receiverUrl}/x` },
    });
    expect(asServer.status).not.toBe(201);
  });
});
