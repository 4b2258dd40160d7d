// Database page (issue 23): a streamed export of 1,000,000 rows and a CSV import of 100,000 rows,
// on PGlite and on PostgreSQL, through the real HTTP API of an in-process server.
import v8 from "node:v8";
import vm from "node:vm";
import { postgresReachable } from "../helpers/postgres.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestStoreKind } from "../helpers/test-server.ts";
import type { BenchResult, BenchSuite } from "./harness.ts";

/** EXPORT_BENCH_ROWS / IMPORT_BENCH_ROWS shrink the run to try it quickly; the figures are 1M and 100k. */
const EXPORT_ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const MiB = 2 ** 20;

// A full collection on demand, so that a sample counts what is held, not garbage not yet collected.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage().rss;
};

async function measure(store: TestStoreKind): Promise<BenchResult[]> {
  const server = await startTestServer({ store, env: { LOG_LEVEL: "warn", SQL_STATEMENT_TIMEOUT_MS: "600000" } });
  try {
    const user = await createTestUser(server, { verified: true });
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const call = async (path: string, body: unknown) => {
      const response = await server.request(`/api/v1${path}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const [data, error] = (await response.json()) as [Record<string, unknown> | null, unknown];
      if (!data) throw new Error(`${path}: ${JSON.stringify(error)}`);
      return data;
    };
    const db = await call("/db", { kind: "managed", name: `transfer-${store}` });
    const dbId = String(db.id);
    const sql = async (text: string) => {
      const result = await call(`/db/${dbId}/execute`, { sql: text });
      if (result.error) throw new Error(JSON.stringify(result.error));
    };
    await sql(`CREATE TABLE big (id int PRIMARY KEY, name text, amount numeric(12,2), at timestamptz, tags jsonb);
               INSERT INTO big SELECT g, 'name ' || g, g / 100.0, '2024-01-01'::timestamptz + g * interval '1 second',
                                      jsonb_build_object('n', g) FROM generate_series(1, ${EXPORT_ROWS}) g;
               CREATE TABLE landing (id int PRIMARY KEY, name text, amount numeric(12,2), at timestamptz, ok boolean);`);

    // Export: server memory (this process's RSS; the client half only discards) sampled while streaming.
    const results: BenchResult[] = [];
    for (const format of ["csv", "json", "sql"] as const) {
      const idle = await settle();
      let peak = idle;
      let live = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      // Every 500 ms: the RSS right after a full collection, i.e. what the export really holds.
      const collector = setInterval(() => {
        gc();
        live = Math.max(live, process.memoryUsage().rss);
      }, 500);
      const started = performance.now();
      const response = await server.request(`/api/v1/db/${dbId}/export/table/big?format=${format}`, { headers: auth });
      if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.length;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      clearInterval(collector);
      results.push({
        name: `${store}: export ${EXPORT_ROWS.toLocaleString("en")} rows as ${format.toUpperCase()}, peak RSS above idle`,
        value: (peak - idle) / MiB,
        unit: "MiB",
        target: "< 50 MB",
        notes: `after a full GC (every 500 ms) ${((live - idle) / MiB).toFixed(1)} MiB above idle; ${(bytes / MiB).toFixed(0)} MiB in ${seconds.toFixed(1)} s (${(EXPORT_ROWS / seconds / 1000).toFixed(0)}k rows/s); idle RSS ${(idle / MiB).toFixed(0)} MiB`,
      });
    }

    // Import: 100k rows of CSV into an existing table, the body streamed.
    const lines = ["id,name,amount,at,ok"];
    for (let i = 1; i <= IMPORT_ROWS; i++) {
      lines.push(
        `${i},"Name, ${i}",${(i / 100).toFixed(2)},2024-01-01T00:00:${String(i % 60).padStart(2, "0")}Z,${i % 2 ? "true" : "false"}`,
      );
    }
    const csv = `${lines.join("\n")}\n`;
    const mapping = encodeURIComponent(JSON.stringify(["id", "name", "amount", "at", "ok"]));
    const started = performance.now();
    const response = await server.request(`/api/v1/db/${dbId}/import/table/landing?mapping=${mapping}`, {
      method: "POST",
      headers: { ...auth, "content-type": "text/csv" },
      body: csv,
    });
    const seconds = (performance.now() - started) / 1000;
    const [imported, error] = (await response.json()) as [{ rows: number; method: string } | null, unknown];
    if (!imported || imported.rows !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(error)}`);
    results.push({
      name: `${store}: import ${IMPORT_ROWS.toLocaleString("en")} CSV rows (5 columns)`,
      value: seconds,
      unit: "s",
      target: store === "pglite" ? "< 10 s" : undefined,
      notes: `${(csv.length / MiB).toFixed(1)} MiB, by ${imported.method}, ${(IMPORT_ROWS / seconds / 1000).toFixed(0)}k rows/s`,
    });
    return results;
  } finally {
    await server.close();
  }
}

const suite: BenchSuite = {
  name: "Database page: streamed export and CSV import",
  async run() {
    // TRANSFER_BENCH_STORES=pglite or =postgres measures that store alone (a quicker run); unset, both.
    const only = process.env.TRANSFER_BENCH_STORES;
    const results = only === "postgres" ? [] : await measure("pglite");
    if (only === "pglite") return results;
    const problem = await postgresReachable();
    if (problem) return [...results, { name: `skipped PostgreSQL: ${problem}`, value: 0, unit: "" }];
    return [...results, ...(await measure("postgres"))];
  },
};

export default suite;
