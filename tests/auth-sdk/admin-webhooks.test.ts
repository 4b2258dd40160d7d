import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
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

/** Polls the receiver until `count` requests matched; the test's own timeout bounds the wait. */
async function waitForRequests(predicate: (r: Received) => boolean, count = 1): Promise<Received[]> {
  for (;;) {
    const hits = received.filter(predicate);
    if (hits.length >= count) return hits;
    await new Promise((r) => setTimeout(r, 100));
  }
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

    let delivery: { status: string; attempts: number; last_status_code: number | null } | undefined;
    for (;;) {
      const log = await asAdmin(`/internal/webhooks/deliveries?endpoint_id=${endpoint.id}`);
      delivery = (log.body as { items: (typeof delivery & { event_type: string })[] }).items.find(
        (d) => d?.event_type === "user.created",
      );
      if (delivery?.status === "delivered") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 204 });
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
