import { readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { postgresReachable } from "../helpers/postgres.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";

/**
 * Table pages and execute on a big PostgreSQL table in a managed database on the test cluster,
 * each beside the same SQL run directly. Size: BENCH_TABLE_ROWS (default 200,000 so `npm run bench`
 * stays short; the recorded run used 10,000,000). The database is created and dropped here.
 */
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const PAGE_SIZE = 50;

async function timed(samples: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(); // warm caches and plans
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const suite: BenchSuite = {
  name: `App API: table data and execute on a ${ROWS.toLocaleString("en")}-row PostgreSQL table`,
  async run() {
    if (await postgresReachable()) return [{ name: "skipped: PostgreSQL not reachable", value: 0, unit: "" }];
    const server = await startTestServer({ store: "postgres", env: { LOG_LEVEL: "warn" } });
    const user = await createTestUser(server, { verified: true });
    const headers = { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" };
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await server.request(`/api/v1${path}`, { ...init, headers });
      const body = (await response.json()) as [unknown, unknown];
      if (response.status >= 300 || body[1]) throw new Error(`${path}: ${JSON.stringify(body[1])}`);
      return body[0];
    };
    const db = (await call("/db", { method: "POST", body: JSON.stringify({ kind: "managed", name: "bench" }) })) as {
      id: string;
    };
    const [row] = await server.store.query<{ location: string }>("SELECT location FROM user_databases WHERE id = $1", [
      db.id,
    ]);
    const url = new URL(server.env.DATABASE_URL ?? "");
    url.pathname = `/${row?.location}`;
    const direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    const results: BenchResult[] = [];
    try {
      const setupStarted = performance.now();
      await direct.query(
        "CREATE TABLE big (id bigint PRIMARY KEY, name text NOT NULL, email text NOT NULL, amount numeric(12,2), created_at timestamptz NOT NULL)",
      );
      const CHUNK = 1_000_000;
      for (let from = 1; from <= ROWS; from += CHUNK) {
        const to = Math.min(ROWS, from + CHUNK - 1);
        await direct.query(
          `INSERT INTO big SELECT g, 'user ' || g, 'user' || g || '@example.com', (g % 100000) / 100.0,
             timestamptz '2020-01-01' + g * interval '1 second' FROM generate_series($1::bigint, $2::bigint) g`,
          [from, to],
        );
      }
      await direct.query("VACUUM ANALYZE big");
      results.push({
        name: "setup (insert, vacuum, analyze)",
        value: (performance.now() - setupStarted) / 1000,
        unit: "s",
      });

      const deepPage = Math.floor(1_000_000 / PAGE_SIZE) + 1;
      const deepOffset = Math.min((deepPage - 1) * PAGE_SIZE, Math.max(0, ROWS - PAGE_SIZE));
      const deepPageNumber = deepOffset / PAGE_SIZE + 1;
      const needle = `user ${Math.floor(ROWS * 0.9)}`;
      const cases: Array<[string, string, string, unknown[]]> = [
        [
          "first page",
          `/db/${db.id}/table/big?pageSize=${PAGE_SIZE}`,
          `SELECT * FROM "public"."big" ORDER BY "id" ASC LIMIT ${PAGE_SIZE + 1} OFFSET 0`,
          [],
        ],
        [
          `page ${deepPageNumber} (${deepOffset.toLocaleString("en")} rows deep)`,
          `/db/${db.id}/table/big?pageSize=${PAGE_SIZE}&page=${deepPageNumber}`,
          `SELECT * FROM "public"."big" WHERE "id" >= (SELECT "id" FROM "public"."big" ORDER BY "id" ASC OFFSET ${deepOffset} LIMIT 1) ORDER BY "id" ASC LIMIT ${PAGE_SIZE + 1}`,
          [],
        ],
        [
          "search (unindexed ILIKE on name)",
          `/db/${db.id}/table/big?pageSize=${PAGE_SIZE}&searchColumn=name&searchValue=${encodeURIComponent(needle)}`,
          `SELECT * FROM "public"."big" WHERE "name"::text ILIKE $1 ORDER BY "id" ASC LIMIT ${PAGE_SIZE + 1} OFFSET 0`,
          [`%${needle}%`],
        ],
      ];
      for (const [label, path, sql, params] of cases) {
        const samples = label.startsWith("search") ? Math.max(5, Math.floor(SAMPLES / 3)) : SAMPLES;
        const viaApi = await timed(samples, () => call(path));
        const viaSql = await timed(samples, () => direct.query(sql, params));
        results.push(
          {
            name: `${label}: API p50`,
            value: viaApi.p50,
            unit: "ms",
            notes: `direct SQL p50 ${viaSql.p50.toFixed(2)} ms`,
          },
          {
            name: `${label}: API p95`,
            value: viaApi.p95,
            unit: "ms",
            target: "≤ 1.5 × direct + 5 ms",
            notes: `direct SQL p95 ${viaSql.p95.toFixed(2)} ms; limit ${(1.5 * viaSql.p95 + 5).toFixed(2)} ms`,
          },
        );
      }

      // Execute: SELECT * on the whole table, capped at SQL_MAX_ROWS, through a second server
      // instance in its own process (same store), so its memory is the server's alone.
      const instance = await startServerProcess({ ...server.env, LOG_LEVEL: "info" });
      const pid = instance.child.pid ?? 0;
      const statusKiB = (field: "VmRSS" | "VmHWM") =>
        Number(readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
      const executeOnce = async () => {
        const started = performance.now();
        const response = await fetch(`${instance.url}/api/v1/db/${db.id}/execute`, {
          method: "POST",
          headers,
          body: JSON.stringify({ sql: "SELECT * FROM big" }),
        });
        // The answer is streamed: the first result is there once its first row has arrived.
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let text = "";
        let firstRow = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          if (!firstRow && text.includes('"rows":[[')) firstRow = performance.now() - started;
        }
        const out = JSON.parse(text) as [{ results: Array<{ truncated: boolean }> }, unknown];
        if (!out[0].results[0]?.truncated && ROWS > 10_000) throw new Error("expected a truncated result");
        return { firstRow, whole: performance.now() - started };
      };
      const firstRows: number[] = [];
      const whole: number[] = [];
      let idleKiB = 0;
      let peakKiB = 0;
      try {
        await executeOnce(); // opens the pool and loads type names, as any first use does
        await new Promise((r) => setTimeout(r, 1000));
        idleKiB = statusKiB("VmRSS");
        // Resets the process's peak RSS (VmHWM) to its current RSS (Linux clear_refs, value 5).
        writeFileSync(`/proc/${pid}/clear_refs`, "5");
        for (let i = 0; i < 10; i++) {
          const run = await executeOnce();
          firstRows.push(run.firstRow);
          whole.push(run.whole);
        }
        peakKiB = statusKiB("VmHWM");
      } finally {
        await instance.stop();
      }
      results.push(
        {
          name: "execute SELECT * FROM big: time to first result, p50",
          value: percentile(firstRows, 50),
          unit: "ms",
          target: "< 50 ms",
          notes: "until the first row of the streamed answer has arrived",
        },
        {
          name: "execute SELECT * FROM big: whole answer, p50",
          value: percentile(whole, 50),
          unit: "ms",
          notes: "10,000 rows (the row cap)",
        },
        {
          name: "execute SELECT * FROM big: server peak RSS above idle",
          value: (peakKiB - idleKiB) / 1024,
          unit: "MiB",
          target: "< 50 MB",
          notes: `server process alone (VmHWM after reset vs VmRSS idle ${(idleKiB / 1024).toFixed(0)} MiB), 10 runs`,
        },
      );
    } finally {
      await direct.end();
      await call(`/db/${db.id}`, { method: "DELETE" }).catch(() => undefined);
      await server.close();
    }
    return results;
  },
};
export default suite;
