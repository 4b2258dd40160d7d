import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, load } from "./harness.ts";

/** The floor every API figure is compared against: the cheapest route of the same server. */
const suite: BenchSuite = {
  name: "HTTP baseline",
  async run() {
    const server = await startTestServer({ store: "pglite", env: { LOG_LEVEL: "warn" } });
    try {
      const health = await load({ url: `${server.url}/healthz`, durationSeconds: 5 });
      return [
        { name: "GET /healthz (store ping) requests/s", value: health.rps, unit: "req/s" },
        { name: "GET /healthz p99", value: health.p99, unit: "ms" },
      ];
    } finally {
      await server.close();
    }
  },
};
export default suite;
