import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, benchServerEnv, percentile } from "./harness.ts";

const KEYS = 500;
const REFERENCES = 50;
const ROUNDS = 20;

/**
 * A service token's pull (GET /apps/{id}/secrets) of 500 keys, 50 of which hold references (40 to
 * plain values, 10 to values that are references themselves), next to the same pull of 500 plain
 * keys: what resolving adds to a read for use. Wall time as a client sees it; BENCH_STORE=postgres
 * for PostgreSQL.
 */
const suite: BenchSuite = {
  name: "Secrets: a service token pulling 500 keys with 50 references",
  async run() {
    const store = process.env.BENCH_STORE === "postgres" ? "postgres" : "pglite";
    const server = await startTestServer({ store, env: benchServerEnv({ LOG_LEVEL: "warn" }) });
    try {
      const user = await createTestUser(server, { verified: true });
      const call = async (path: string, body?: unknown, token = user.accessToken) => {
        const response = await fetch(new URL(`/api/v1${path}`, server.url), {
          method: body === undefined ? "GET" : "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const pair = (await response.json()) as [unknown, unknown];
        if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(pair[1])}`);
        return pair[0];
      };
      /** An app whose development holds `line(i)` for each key, and a service token of it. */
      const appWith = async (line: (i: number) => string) => {
        const app = (await call("/apps", { title: "Bench" })) as { id: string };
        const content = Array.from({ length: KEYS }, (_, i) => `KEY_${i}='${line(i)}'`).join("\n");
        await call(`/apps/${app.id}/secrets/import`, { content });
        const token = (await call(`/apps/${app.id}/tokens`, { name: "bench" })) as { token: string };
        return { appId: app.id, token: token.token };
      };
      const plain = (i: number) => `value-${i}-${"x".repeat(40)}`;
      const withReferences = (i: number) =>
        i < REFERENCES - 10
          ? `postgres://\${KEY_${i + 100}}@db/\${KEY_${i + 200}}`
          : i < REFERENCES
            ? `via-\${KEY_${i - 10}}`
            : plain(i);
      const measure = async ({ appId, token }: { appId: string; token: string }, check: (v: string) => void) => {
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const started = performance.now();
          const secrets = (await call(`/apps/${appId}/secrets`, undefined, token)) as Array<{
            key: string;
            decryptedValue: string;
          }>;
          times.push(performance.now() - started);
          if (secrets.length !== KEYS) throw new Error(`a pull answered ${secrets.length} keys`);
          check(secrets.find((s) => s.key === "KEY_49")?.decryptedValue ?? "");
        }
        return times;
      };
      const baseline = await measure(await appWith(plain), (v) => {
        if (v !== plain(49)) throw new Error("the plain pull changed a value");
      });
      const resolved = await measure(await appWith(withReferences), (v) => {
        if (v !== `via-postgres://${plain(139)}@db/${plain(239)}`) throw new Error(`KEY_49 resolved to ${v}`);
      });
      return [
        {
          name: `token pull of ${KEYS} keys with ${REFERENCES} references (${store}), median of ${ROUNDS}`,
          value: percentile(resolved, 50),
          unit: "ms",
          target: "< 2 × the plain pull",
        },
        {
          name: `token pull of ${KEYS} plain keys (${store}), median of ${ROUNDS}`,
          value: percentile(baseline, 50),
          unit: "ms",
        },
        {
          name: `token pull of ${KEYS} keys with ${REFERENCES} references (${store}), slowest`,
          value: Math.max(...resolved),
          unit: "ms",
        },
      ];
    } finally {
      await server.close();
    }
  },
};
export default suite;
