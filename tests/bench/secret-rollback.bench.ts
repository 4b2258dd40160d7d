import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, benchServerEnv, percentile } from "./harness.ts";

const KEYS = 500;
const ROUNDS = 6;

/**
 * POST /apps/{id}/environments/development/rollback over 500 keys, every one of which changes
 * (opened, sealed again as a new version, written with its history row, in one transaction),
 * alternating between two points in time so each round rolls all 500 back. Wall time of the
 * request as a client sees it; BENCH_STORE=postgres for PostgreSQL.
 */
const suite: BenchSuite = {
  name: "Secrets: rolling back an environment of 500 keys",
  async run() {
    const store = process.env.BENCH_STORE === "postgres" ? "postgres" : "pglite";
    const server = await startTestServer({ store, env: benchServerEnv({ LOG_LEVEL: "warn" }) });
    try {
      const user = await createTestUser(server, { verified: true });
      const headers = { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" };
      const post = async (path: string, body: unknown) => {
        const response = await fetch(new URL(`/api/v1${path}`, server.url), {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        });
        const pair = (await response.json()) as [unknown, unknown];
        if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(pair[1])}`);
        return pair[0] as Record<string, unknown>;
      };
      const app = await post("/apps", { title: "Bench" });
      const appId = String(app.id);
      const text = (tag: string) =>
        Array.from({ length: KEYS }, (_, i) => `KEY_${i}=${tag}-${i}-${"x".repeat(40)}`).join("\n");
      const keys = Array.from({ length: KEYS }, (_, i) => `KEY_${i}`);
      await post(`/apps/${appId}/secrets/import`, { content: text("first") });
      const first = new Date().toISOString();
      await post(`/apps/${appId}/secrets/import`, { content: text("second"), replace: keys });
      const second = new Date().toISOString();
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const result = await post(`/apps/${appId}/environments/development/rollback`, {
          at: round % 2 === 0 ? first : second,
        });
        times.push(performance.now() - started);
        if ((result.restored as unknown[]).length !== KEYS) throw new Error("a round did not roll back every key");
      }
      return [
        {
          name: `rollback of ${KEYS} changed keys (${store}), median of ${ROUNDS}`,
          value: percentile(times, 50),
          unit: "ms",
          target: "< 1000 ms",
        },
        { name: `rollback of ${KEYS} changed keys (${store}), slowest`, value: Math.max(...times), unit: "ms" },
      ];
    } finally {
      await server.close();
    }
  },
};
export default suite;
