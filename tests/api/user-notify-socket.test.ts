import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { appSchema } from "../../server/contract/apps.ts";
import { SOCKET_CLOSE, type UserNotifyMessage, userNotifyMessageSchema } from "../../server/contract/ws.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases, startRun } from "./api-client.ts";

/** A socket that collects parsed messages and can wait for one matching a predicate. */
function openSocket(server: TestServer, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify`, { headers });
  const messages: UserNotifyMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on("message", (data) => {
    messages.push(userNotifyMessageSchema.parse(JSON.parse(String(data))));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("error", reject);
  });
  async function next(match: (m: UserNotifyMessage) => boolean, timeoutMs = 10_000): Promise<UserNotifyMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return { ws, messages, closed, opened, next };
}

const accessCookie = (user: TestUser) =>
  `stack-access=${encodeURIComponent(JSON.stringify([user.refreshToken, user.accessToken]))}`;

describe("user-notify socket", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob] = await Promise.all([
      createTestUser(server, { verified: true }),
      createTestUser(server, { verified: true }),
    ]);
  });
  afterAll(async () => {
    if (alice) await deleteAllDatabases(server, alice.accessToken);
    await server?.close();
  });

  it("authenticates by cookie and sends store, appUpdate and notify about the user's own changes only", async () => {
    const mine = openSocket(server, { cookie: accessCookie(alice) });
    const theirs = openSocket(server, { cookie: accessCookie(bob) });
    await mine.next((m) => m.type === "ready");
    await theirs.next((m) => m.type === "ready");
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Live" })).data);
    await mine.next((m) => m.type === "store" && m.store === "apps" && m.op === "refetch");
    await api(server, alice.accessToken, "PATCH", `/apps/${app.id}`, { title: "Live 2" });
    const update = await mine.next((m) => m.type === "appUpdate");
    expect(update).toMatchObject({ type: "appUpdate", app: { id: app.id, title: "Live 2" } });
    await api(server, alice.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "K", value: "never-on-the-socket" });
    expect(await mine.next((m) => m.type === "store" && m.store === "appSecrets")).toEqual({
      type: "store",
      store: "appSecrets",
      op: "refetch",
      appId: app.id,
    });
    await api(server, alice.accessToken, "POST", "/db", { kind: "managed", name: "live-db" });
    expect(await mine.next((m) => m.type === "notify")).toEqual({
      type: "notify",
      message: 'Database "live-db" created',
      notice: { kind: "databaseCreated", name: "live-db" },
    });
    expect(JSON.stringify(mine.messages)).not.toContain("never-on-the-socket");
    expect(theirs.messages).toEqual([{ type: "ready" }]);
    mine.ws.close();
    theirs.ws.close();
    // Creating the first PGlite database runs initdb (seconds of WASM, more on a busy machine).
  }, 120_000);

  it("authenticates by a first message carrying the token", async () => {
    const socket = openSocket(server);
    await socket.opened;
    socket.ws.send(JSON.stringify({ type: "auth", accessToken: alice.accessToken }));
    await socket.next((m) => m.type === "ready");
    await api(server, alice.accessToken, "POST", "/apps", { title: "Via message" });
    await socket.next((m) => m.type === "store");
    socket.ws.close();
  });

  it("closes with clear codes for an invalid token, a bad cookie and a first message that is not auth", async () => {
    const invalid = openSocket(server);
    await invalid.opened;
    invalid.ws.send(JSON.stringify({ type: "auth", accessToken: "nope" }));
    expect((await invalid.closed).code).toBe(SOCKET_CLOSE.INVALID_TOKEN);

    const badCookie = openSocket(server, {
      cookie: `stack-access=${encodeURIComponent(JSON.stringify(["r", "not-a-jwt"]))}`,
    });
    expect((await badCookie.closed).code).toBe(SOCKET_CLOSE.INVALID_TOKEN);

    const chatter = openSocket(server);
    await chatter.opened;
    chatter.ws.send("hello");
    expect((await chatter.closed).code).toBe(SOCKET_CLOSE.AUTH_REQUIRED);
  });

  it("never reads a token from the URL", async () => {
    const ws = new WebSocket(
      `${server.url.replace(/^http/, "ws")}/api/v1/ws/user-notify?accessToken=${encodeURIComponent(alice.accessToken)}`,
    );
    const got: string[] = [];
    ws.on("message", (d) => got.push(String(d)));
    await new Promise((r) => ws.on("open", r));
    ws.send("not auth");
    await new Promise((r) => ws.on("close", r));
    expect(got).toEqual([]);
  });
});

describePostgresOnly("two instances on one PostgreSQL", () => {
  it("an app created through one instance reaches a socket held by the other", async () => {
    const shared = await createScratchDatabase("fanout");
    const env = { DATABASE_URL: shared.url, SECRETS_MASTER_KEY: Buffer.alloc(32, 7).toString("base64") };
    const one = await startTestServer({ env });
    const two = await startTestServer({ env });
    try {
      const user = await createTestUser(one, { verified: true });
      const socket = openSocket(two, { cookie: accessCookie(user) });
      await socket.next((m) => m.type === "ready");
      const created = await api(one, user.accessToken, "POST", "/apps", { title: "Across instances" });
      expect(created.status).toBe(201);
      await socket.next((m) => m.type === "store" && m.op === "refetch");
      const listed = await api<unknown[]>(two, user.accessToken, "GET", "/apps");
      expect(listed.data).toHaveLength(1);
      socket.ws.close();

      // A cancel sent to the instance that is not running the statement still stops it.
      const db = (await api<{ id: string }>(one, user.accessToken, "POST", "/db", { kind: "managed", name: "x" })).data;
      const executionId = randomUUID();
      // Once the answer has begun on instance two, the statement is running there.
      const running = await startRun(two, user.accessToken, db.id, "SELECT pg_sleep(20)", { executionId });
      const cancelled = await api(one, user.accessToken, "POST", `/db/${db.id}/cancel`, { executionId });
      expect(cancelled.data).toEqual({ executionId, cancelled: true });
      expect((await running.answer).error?.sqlState).toBe("57014");
      await api(one, user.accessToken, "DELETE", `/db/${db.id}`);
    } finally {
      await one.close();
      await two.close();
      await shared.drop();
    }
  });
});
