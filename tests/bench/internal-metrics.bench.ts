import { appProjectOf } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, percentile } from "./harness.ts";

const USERS = Number(process.env.BENCH_METRICS_USERS ?? 1_000_000);
const RUNS = 30;

/**
 * GET /internal/metrics against PostgreSQL with a million users of the app project: sign-ups
 * spread over a year, activity over 60 days, a third with a password, a tenth with a GitHub
 * account. Rows go in with generate_series (the API would take hours); then ANALYZE and VACUUM as
 * autovacuum would. Sequential requests after two warm-ups; median and p95 reported.
 */
const suite: BenchSuite = {
  name: "Auth admin: GET /internal/metrics, 1,000,000 users (PostgreSQL)",
  async run() {
    const server = await startTestServer({ store: "postgres", env: { LOG_LEVEL: "warn" } });
    try {
      const keys = await appProjectOf(server);
      const seedStart = performance.now();
      await server.store.query(
        `insert into auth_users (project_id, display_name, password_hash, signed_up_at, last_active_at)
         select $1, 'user ' || g,
                case when g % 3 = 0 then 'x' end,
                now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
                now() - (g % 60) * interval '1 day'
         from generate_series(1, $2::int) as g`,
        [keys.projectId, USERS],
      );
      await server.store.query(
        `insert into auth_oauth_accounts (project_id, user_id, provider_id, account_id)
         select project_id, id, 'github', id::text from auth_users
         where project_id = $1 and (hashtext(id::text) % 10) = 0`,
        [keys.projectId],
      );
      await server.store.query("vacuum analyze auth_users");
      await server.store.query("vacuum analyze auth_oauth_accounts");
      const seedSeconds = (performance.now() - seedStart) / 1000;

      const headers = {
        "x-stack-access-type": "admin",
        "x-stack-project-id": keys.projectId,
        "x-stack-super-secret-admin-key": keys.superSecretAdminKey,
      };
      const once = async () => {
        const start = performance.now();
        const res = await server.request("/auth/api/v1/internal/metrics", { headers });
        const body = (await res.json()) as { total_users: number };
        if (res.status !== 200 || body.total_users < USERS) throw new Error(`metrics answered ${res.status}`);
        return performance.now() - start;
      };
      await once();
      await once();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await once());
      return [
        {
          name: "GET /internal/metrics, median",
          value: Number(percentile(times, 50).toFixed(1)),
          unit: "ms",
          target: "< 200 ms",
          notes: `${USERS.toLocaleString("en")} users, ${RUNS} sequential requests; seeding took ${seedSeconds.toFixed(0)} s`,
        },
        { name: "GET /internal/metrics, p95", value: Number(percentile(times, 95).toFixed(1)), unit: "ms" },
      ];
    } finally {
      await server.close();
    }
  },
};

export default suite;
