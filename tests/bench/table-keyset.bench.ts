import { tableDataSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { postgresReachable } from "../helpers/postgres.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestStoreKind } from "../helpers/test-server.ts";
import { type BenchResult, type BenchSuite, percentile } from "./harness.ts";

/**
 * Keyset paging (issue 20): the next page a million rows deep against the first page, through the
 * API, on a managed database of each engine (PGlite and PostgreSQL). The next page seeks from the
 * previous page's cursor; the offset jump to the same page is measured beside it for contrast, and
 * against the same rows read by raw SQL (issue 30), as is the last page (read backwards).
 * Size: BENCH_KEYSET_ROWS (default 1,000,100: a page at 1M deep and one after it).
 */
const ROWS = Number(process.env.BENCH_KEYSET_ROWS ?? 1_000_100);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const PAGE_SIZE = 50;
const DEPTH = Math.min(1_000_000, ROWS - 2 * PAGE_SIZE);

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(); // warm caches and plans
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(store: TestStoreKind): Promise<BenchResult[]> {
  const server = await startTestServer({
    store,
    env: { LOG_LEVEL: "warn", SQL_STATEMENT_TIMEOUT_MS: "600000" },
  });
  const user = await createTestUser(server, { verified: true });
  const headers = { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" };
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await server.request(`/api/v1${path}`, { ...init, headers });
    const body = (await response.json()) as [unknown, unknown];
    if (response.status >= 300 || body[1]) throw new Error(`${path}: ${JSON.stringify(body[1])}`);
    return body[0];
  };
  const db = (await call("/db", {
    method: "POST",
    body: JSON.stringify({ kind: "managed", name: "keyset bench" }),
  })) as { id: string; engine: string };
  try {
    const setupStarted = performance.now();
    const filled = executeResponseSchema.parse(
      await call(`/db/${db.id}/execute`, {
        method: "POST",
        body: JSON.stringify({
          sql: `CREATE TABLE big (id bigint PRIMARY KEY, name text NOT NULL, amount numeric(12,2));
                INSERT INTO big SELECT g, 'user ' || g, (g % 100000) / 100.0 FROM generate_series(1, ${ROWS}) g;
                VACUUM ANALYZE big;`,
        }),
      }),
    );
    if (filled.error) throw new Error(filled.error.message);
    const setup = (performance.now() - setupStarted) / 1000;
    const page = async (query: string) =>
      tableDataSchema.parse(await call(`/db/${db.id}/table/big?pageSize=${PAGE_SIZE}${query}`));

    // The cursor a user at that depth has in hand: the last key of the page before.
    const deepPage = DEPTH / PAGE_SIZE + 1;
    const before = await page(`&page=${deepPage - 1}`);
    const cursor = before.cursor?.last;
    if (!cursor) throw new Error("no cursor: the table should page by key");
    const next = await page(`&page=${deepPage}&after=${encodeURIComponent(JSON.stringify(cursor))}`);
    if (next.rows[0]?.[0] !== String(DEPTH + 1)) throw new Error(`next page starts at ${next.rows[0]?.[0]}`);

    const first = await timed(() => page(""));
    const nextDeep = await timed(() => page(`&page=${deepPage}&after=${encodeURIComponent(JSON.stringify(cursor))}`));
    const previousDeep = await timed(() =>
      page(`&page=${deepPage - 1}&before=${encodeURIComponent(JSON.stringify([String(DEPTH + 1)]))}`),
    );
    const jump = await timed(() => page(`&page=${deepPage}`));
    // The same rows by raw SQL through the workbench's route, as someone comparing from outside would.
    const raw = (sql: string) => async () => {
      const answer = executeResponseSchema.parse(
        await call(`/db/${db.id}/execute`, { method: "POST", body: JSON.stringify({ sql }) }),
      );
      if (answer.error) throw new Error(answer.error.message);
    };
    const rawJump = await timed(raw(`SELECT * FROM big ORDER BY id LIMIT ${PAGE_SIZE} OFFSET ${DEPTH}`));
    const lastOffset = (Math.ceil(ROWS / PAGE_SIZE) - 1) * PAGE_SIZE;
    const lastPage = await page("&last=true");
    if (lastPage.rows.at(-1)?.[0] !== String(ROWS) || lastPage.hasPrevious !== true)
      throw new Error(`last page ends at ${lastPage.rows.at(-1)?.[0]}`);
    const last = await timed(() => page("&last=true"));
    const lastByNumber = await timed(() => page(`&page=${lastOffset / PAGE_SIZE + 1}`));
    const rawLast = await timed(raw(`SELECT * FROM big ORDER BY id LIMIT ${PAGE_SIZE} OFFSET ${lastOffset}`));
    const label = `${db.engine}, ${ROWS.toLocaleString("en")} rows`;
    const depth = `${DEPTH.toLocaleString("en")} rows deep`;
    return [
      { name: `${label}: setup (insert, vacuum, analyze)`, value: setup, unit: "s" },
      { name: `${label}: first page p50`, value: first.p50, unit: "ms", notes: `p95 ${first.p95.toFixed(2)} ms` },
      {
        name: `${label}: next page ${depth} (keyset) p50`,
        value: nextDeep.p50,
        unit: "ms",
        target: `≤ 2 × first page (${(2 * first.p50).toFixed(2)} ms)`,
        notes: `p95 ${nextDeep.p95.toFixed(2)} ms; ${(nextDeep.p50 / first.p50).toFixed(2)} × first page`,
      },
      {
        name: `${label}: previous page ${depth} (keyset) p50`,
        value: previousDeep.p50,
        unit: "ms",
        target: `≤ 2 × first page (${(2 * first.p50).toFixed(2)} ms)`,
        notes: `p95 ${previousDeep.p95.toFixed(2)} ms; ${(previousDeep.p50 / first.p50).toFixed(2)} × first page`,
      },
      {
        name: `${label}: jump to page ${deepPage.toLocaleString("en")} by number (offset walk) p50`,
        value: jump.p50,
        unit: "ms",
        notes: `p95 ${jump.p95.toFixed(2)} ms; for contrast, ${(jump.p50 / first.p50).toFixed(1)} × first page`,
      },
      {
        name: `${label}: raw SQL, the same rows (ORDER BY id OFFSET ${DEPTH.toLocaleString("en")}) p50`,
        value: rawJump.p50,
        unit: "ms",
        notes: `p95 ${rawJump.p95.toFixed(2)} ms; the jump is ${(jump.p50 / rawJump.p50).toFixed(2)} × raw SQL`,
      },
      {
        name: `${label}: last page (last=true, read backwards) p50`,
        value: last.p50,
        unit: "ms",
        target: "≤ raw SQL",
        notes: `p95 ${last.p95.toFixed(2)} ms; ${(last.p50 / rawLast.p50).toFixed(3)} × raw SQL`,
      },
      {
        name: `${label}: last page by its number p50`,
        value: lastByNumber.p50,
        unit: "ms",
        target: "≤ raw SQL",
        notes: `p95 ${lastByNumber.p95.toFixed(2)} ms; ${(lastByNumber.p50 / rawLast.p50).toFixed(2)} × raw SQL`,
      },
      {
        name: `${label}: raw SQL, the last page (ORDER BY id OFFSET ${lastOffset.toLocaleString("en")}) p50`,
        value: rawLast.p50,
        unit: "ms",
        notes: `p95 ${rawLast.p95.toFixed(2)} ms`,
      },
    ];
  } finally {
    await call(`/db/${db.id}`, { method: "DELETE" }).catch(() => undefined);
    await server.close();
  }
}

const suite: BenchSuite = {
  name: "App API: keyset paging, next page 1M rows deep against the first page",
  async run() {
    const results = await measure("pglite");
    if (await postgresReachable()) results.push({ name: "PostgreSQL: skipped, not reachable", value: 0, unit: "" });
    else results.push(...(await measure("postgres")));
    return results;
  },
};
export default suite;
