import { appProjectOf, createTestUser, serverHeaders } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchSuite, benchServerEnv, load, percentile } from "./harness.ts";

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARM_REQUESTS = 50;

/**
 * What a team's permissions cost (issue 32: at most +20 %): the same answer asked by the owner of
 * personal resources and by a developer of a team that owns identical ones. GET /api/v1/apps (five
 * apps either way) and a table page (the same 100 rows). Rounds alternate so drift on a shared
 * machine hits both alike; medians are reported. Then the auth-service calls a warm request makes,
 * counted at the server's own fetch (the app API asks the auth service's server API over HTTP).
 */
const suite: BenchSuite = {
  name: "App API: team permissions (personal against team resources)",
  async run() {
    const store = process.env.BENCH_STORE === "postgres" ? "postgres" : "pglite";
    const server = await startTestServer({ store, env: benchServerEnv({ LOG_LEVEL: "warn" }) });
    try {
      const keys = await appProjectOf(server);
      const authCall = async (method: string, path: string, body: unknown) => {
        const response = await server.request(`/auth/api/v1${path}`, {
          method,
          headers: serverHeaders(keys),
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as { id: string };
      };
      const [solo, owner, member] = await Promise.all([0, 1, 2].map(() => createTestUser(server, { verified: true })));
      if (!solo || !owner || !member) throw new Error("no users");
      const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
      const call = async (token: string, method: string, path: string, body?: unknown) => {
        const response = await server.request(`/api/v1${path}`, {
          method,
          headers: headersOf(token),
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await response.json()) as unknown;
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
        return (Array.isArray(answer) ? answer[0] : answer) as { id: string };
      };
      const team = await authCall("POST", "/teams", { display_name: "Bench team", creator_user_id: owner.userId });
      await authCall("POST", `/team-memberships/${team.id}/${member.userId}`, {});
      await call(owner.accessToken, "PUT", `/teams/${team.id}/members/${member.userId}/role`, { role: "developer" });
      for (let i = 0; i < 5; i++) {
        await call(solo.accessToken, "POST", "/apps", { title: `App ${i}` });
        await call(owner.accessToken, "POST", "/apps", { title: `App ${i}`, team_id: team.id });
      }
      const table =
        "CREATE TABLE items (id int PRIMARY KEY, name text); INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 100) g";
      const soloDb = await call(solo.accessToken, "POST", "/db", { kind: "managed", name: "solo" });
      const teamDb = await call(owner.accessToken, "POST", "/db", { kind: "managed", name: "team", team_id: team.id });
      await call(solo.accessToken, "POST", `/db/${soloDb.id}/execute`, { sql: table });
      await call(owner.accessToken, "POST", `/db/${teamDb.id}/execute`, { sql: table });

      const cases = {
        personalApps: { url: `${server.url}/api/v1/apps`, headers: headersOf(solo.accessToken) },
        teamApps: { url: `${server.url}/api/v1/apps`, headers: headersOf(member.accessToken) },
        personalTable: {
          url: `${server.url}/api/v1/db/${soloDb.id}/table/items`,
          headers: headersOf(solo.accessToken),
        },
        teamTable: { url: `${server.url}/api/v1/db/${teamDb.id}/table/items`, headers: headersOf(member.accessToken) },
      };
      const rps: Record<keyof typeof cases, number[]> = {
        personalApps: [],
        teamApps: [],
        personalTable: [],
        teamTable: [],
      };
      const order = Object.entries(cases) as [keyof typeof cases, (typeof cases)["teamApps"]][];
      // A warm-up of each (JIT, pools, the PGlite thread), then rounds in alternating order, so that
      // neither side always runs first.
      for (const [, target] of order) await load({ url: target.url, headers: target.headers, durationSeconds: 1 });
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, target] of round % 2 === 0 ? order : [...order].reverse()) {
          const result = await load({ url: target.url, headers: target.headers, durationSeconds: SECONDS });
          if (result.errors > 0) throw new Error(`${name}: ${result.errors} failed requests`);
          rps[name].push(result.rps);
        }
      }

      // Warm: one request fills the cache, then WARM_REQUESTS in a row; every fetch the server makes
      // to its auth service meanwhile is counted (this process's own requests go to /api/v1).
      const realFetch = globalThis.fetch;
      let authCalls = 0;
      globalThis.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes("/auth/api/v1/")) authCalls++;
        return realFetch(input, init);
      };
      let warmMs = 0;
      try {
        await realFetch(cases.teamApps.url, { headers: cases.teamApps.headers });
        authCalls = 0;
        const started = performance.now();
        for (let i = 0; i < WARM_REQUESTS; i++) {
          const response = await realFetch(cases.teamApps.url, { headers: cases.teamApps.headers });
          await response.arrayBuffer();
        }
        warmMs = performance.now() - started;
      } finally {
        globalThis.fetch = realFetch;
      }

      const median = (xs: number[]) => percentile(xs, 50);
      const cost = (personal: number[], team: number[]) => (median(personal) / median(team) - 1) * 100;
      return [
        {
          name: `GET /api/v1/apps, 5 personal apps (${store}) requests/s`,
          value: median(rps.personalApps),
          unit: "req/s",
        },
        {
          name: "GET /api/v1/apps, 5 apps of the caller's team requests/s",
          value: median(rps.teamApps),
          unit: "req/s",
        },
        {
          name: "team permissions' cost on GET /api/v1/apps",
          value: cost(rps.personalApps, rps.teamApps),
          unit: "%",
          target: "≤ 20",
        },
        {
          name: "table page (100 rows), personal database requests/s",
          value: median(rps.personalTable),
          unit: "req/s",
        },
        { name: "table page (100 rows), the team's database requests/s", value: median(rps.teamTable), unit: "req/s" },
        {
          name: "team permissions' cost on a table page",
          value: cost(rps.personalTable, rps.teamTable),
          unit: "%",
          target: "≤ 20",
        },
        {
          name: `auth-service calls per warm GET /api/v1/apps (${WARM_REQUESTS} in ${Math.round(warmMs)} ms; roles kept 2 s)`,
          value: authCalls / WARM_REQUESTS,
          unit: "calls",
          target: "≤ 1",
        },
      ];
    } finally {
      await server.close();
    }
  },
};

export default suite;
