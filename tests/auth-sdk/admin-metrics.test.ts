import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApp, appProjectOf, createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

interface Metrics {
  total_users: number;
  daily_users: { date: string; activity: number }[];
  daily_active_users: { date: string; activity: number }[];
  login_methods: { method: string; count: number }[];
  recently_registered: { id: string; display_name: string | null }[];
  recently_active: { id: string }[];
}

describe("GET /internal/metrics with StackAdminApp", () => {
  it("counts users, sign-ups and activity per day, sign-in methods and the newest users", async () => {
    const admin = await adminApp(server);
    // The SDK's dashboard reads metrics through its admin interface (no public method on the app).
    const sdk = (admin as unknown as { _interface: { getMetrics(): Promise<unknown> } })._interface;
    const before = (await sdk.getMetrics()) as Metrics;
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await createTestUser(server, { displayName: `Metric ${i}` }));
    const after = (await sdk.getMetrics()) as Metrics;

    expect(after.total_users).toBe(before.total_users + 3);
    expect(after.daily_users).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const day = (list: Metrics["daily_users"]) => list.find((d) => d.date === today)?.activity ?? 0;
    expect(after.daily_users.at(-1)?.date).toBe(today);
    expect(day(after.daily_users)).toBe(day(before.daily_users) + 3);
    expect(day(after.daily_active_users)).toBeGreaterThanOrEqual(3);
    const password = (m: Metrics) => m.login_methods.find((x) => x.method === "password")?.count ?? 0;
    expect(password(after)).toBe(password(before) + 3);
    expect(after.recently_registered.slice(0, 3).map((u) => u.display_name)).toEqual([
      "Metric 2",
      "Metric 1",
      "Metric 0",
    ]);
  });

  it("refuses the server key", async () => {
    const keys = await appProjectOf(server);
    const res = await server.request("/auth/api/v1/internal/metrics", {
      headers: {
        "x-stack-access-type": "server",
        "x-stack-project-id": keys.projectId,
        "x-stack-secret-server-key": keys.secretServerKey,
      },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-stack-known-error")).toBe("INSUFFICIENT_ACCESS_TYPE");
  });
});
