import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createHttpApp } from "../../server/http/app.ts";
import type { AppEnv } from "../../server/http/env.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, benchServerEnv, load, percentile } from "./harness.ts";

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** Serves a Hono app on a random loopback port. */
async function listen(fetch: (req: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * Authenticated GET /api/v1/apps (token check, owner's list, JSON) against two bare handlers that
 * answer the same body in the same process: plain Hono, and the server's own HTTP stack (request
 * ids, body limit, error handler) with nothing behind it. Rounds alternate so drift on a shared
 * machine hits all three alike; the medians are reported.
 */
const suite: BenchSuite = {
  name: "App API: GET /api/v1/apps",
  async run() {
    const store = process.env.BENCH_STORE === "postgres" ? "postgres" : "pglite";
    const server = await startTestServer({ store, env: benchServerEnv({ LOG_LEVEL: "warn" }) });
    const body = [[], null];
    const bare = await listen(new Hono().get("/", (c) => c.json(body)).fetch);
    const stack = createHttpApp({
      logger: server.logger,
      store: server.store,
      distDir: "/nonexistent",
      mounts: [{ path: "/bare", routes: new Hono<AppEnv>().get("/", (c) => c.json(body)), errorFormat: "pair" }],
      runtimeConfig: async () => ({
        authBaseUrl: "",
        projectId: "",
        locales: ["en", "de"],
        version: "",
        developmentOAuthProviders: [],
        mail: "smtp",
        setupPending: false,
      }),
    });
    const sameStack = await listen(stack.fetch);
    try {
      const user = await createTestUser(server, { verified: true });
      const headers = { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" };
      for (let i = 0; i < 5; i++) {
        await server.request("/api/v1/apps", { method: "POST", headers, body: JSON.stringify({ title: `App ${i}` }) });
      }
      const rps = { bare: [] as number[], stack: [] as number[], apps: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        rps.bare.push((await load({ url: `${bare.url}/`, durationSeconds: SECONDS })).rps);
        rps.stack.push((await load({ url: `${sameStack.url}/bare`, durationSeconds: SECONDS })).rps);
        const apps = await load({ url: `${server.url}/api/v1/apps`, headers, durationSeconds: SECONDS });
        if (apps.errors > 0) throw new Error(`${apps.errors} failed requests`);
        rps.apps.push(apps.rps);
      }
      const median = (xs: number[]) => percentile(xs, 50);
      return [
        { name: "bare Hono handler requests/s (median of 3)", value: median(rps.bare), unit: "req/s" },
        { name: "bare handler behind the server's HTTP stack requests/s", value: median(rps.stack), unit: "req/s" },
        {
          name: `authenticated GET /api/v1/apps (5 apps, ${store} store) requests/s`,
          value: median(rps.apps),
          unit: "req/s",
        },
        { name: "ratio apps / bare Hono", value: median(rps.apps) / median(rps.bare), unit: "×", target: "≥ 0.5" },
        { name: "ratio apps / bare handler, same HTTP stack", value: median(rps.apps) / median(rps.stack), unit: "×" },
      ];
    } finally {
      bare.close();
      sameStack.close();
      await server.close();
    }
  },
};
export default suite;
