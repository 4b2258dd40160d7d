// Issue 35: what a database's SQL download and a restore of that file cost in memory. The real
// server in its own process (the bundle `npm start` runs), a table of DUMP_MEMORY_ROWS rows (200,000
// by default) in an external PostgreSQL database (pg_dump of Debian's postgresql-client reads it;
// PGlite, PostgreSQL 18, needs a pg_dump 18), downloaded over HTTP as plain SQL by a client that
// reads at full speed, then the file uploaded, streamed from disk, into a second, empty database.
// Figures: the server's RSS at its peak above its RSS just before, and pg_dump's own peak RSS.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { createScratchDatabase, postgresReachable } from "../helpers/postgres.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { type BenchResult, type BenchSuite, benchServerEnv } from "./harness.ts";
import { processTree } from "./process-tree.ts";

const ROWS = Number(process.env.DUMP_MEMORY_ROWS ?? 200_000);

const rssMiB = (pid: number) => {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return Number(match?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process ended while we looked
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleRss(pid: number): Promise<number> {
  let last = rssMiB(pid);
  for (let i = 0; i < 10; i++) {
    await pause(1_000);
    const now = rssMiB(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

async function measure(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-dump-memory-"));
  const keys = { projectId: randomUUID(), secretServerKey: `ssk_${randomUUID().replaceAll("-", "")}` };
  const source = await createScratchDatabase("bench_dump_source");
  const target = await createScratchDatabase("bench_dump_target");
  const server = await startServerProcess(
    benchServerEnv({
      DATA_DIR: dataDir,
      STACK_PROJECT_ID: keys.projectId,
      STACK_SECRET_SERVER_KEY: keys.secretServerKey,
      STACK_PUBLISHABLE_CLIENT_KEY: `pck_${randomUUID().replaceAll("-", "")}`,
      AUTH_RATE_LIMITS: "false",
      SQL_STATEMENT_TIMEOUT_MS: "600000",
      OUTBOUND_ALLOW: "127.0.0.1",
    }),
  );
  const pid = server.child.pid as number;
  const file = join(dataDir, "dump.sql");
  try {
    const headers = {
      "content-type": "application/json",
      "x-stack-access-type": "server",
      "x-stack-project-id": keys.projectId,
      "x-stack-secret-server-key": keys.secretServerKey,
    };
    const created = await fetch(`${server.url}/auth/api/v1/users`, {
      method: "POST",
      headers,
      body: JSON.stringify({ primary_email: `bench-${randomUUID()}@example.com`, primary_email_verified: true }),
    });
    const { id } = (await created.json()) as { id: string };
    const session = await fetch(`${server.url}/auth/api/v1/auth/sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ user_id: id }),
    });
    const token = ((await session.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const [data, error] = (await response.json()) as [Record<string, unknown> | null, unknown];
      if (!data) throw new Error(`${path}: ${JSON.stringify(error)}`);
      return data;
    };
    const from = String((await call("/db", { kind: "external", name: "source", url: source.url })).id);
    const into = String((await call("/db", { kind: "external", name: "target", url: target.url })).id);
    await call(`/db/${from}/execute`, {
      sql: `CREATE TABLE big (id int PRIMARY KEY, name text, amount numeric(12,2), at timestamptz, tags jsonb);
            INSERT INTO big SELECT g, 'name ' || g, g / 100.0, '2024-01-01'::timestamptz + g * interval '1 second',
                                   jsonb_build_object('n', g) FROM generate_series(1, ${ROWS}) g;`,
    });

    const idleBefore = await idleRss(pid);
    let peak = idleBefore;
    let pgDumpPeak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
      for (const child of processTree(pid).slice(1)) {
        if (readFileSync(`/proc/${child}/comm`, "utf8").trim() === "pg_dump") {
          pgDumpPeak = Math.max(pgDumpPeak, rssMiB(child));
        }
      }
    }, 20);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/db/${from}/dump?contents=data`, { headers: auth });
    if (!response.ok || !response.body) throw new Error(`dump: ${response.status} ${await response.text()}`);
    const out = createWriteStream(file);
    await finished(Readable.fromWeb(response.body as never).pipe(out));
    const dumpMs = performance.now() - started;
    clearInterval(sampler);
    const dumpAbove = peak - idleBefore;
    const size = statSync(file).size;
    console.log(
      `dump: ${(size / 2 ** 20).toFixed(1)} MiB in ${dumpMs.toFixed(0)} ms, server +${dumpAbove.toFixed(1)} MiB`,
    );

    const restoreInto = async (dbId: string, label: string) => {
      const idle = await idleRss(pid);
      peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 20);
      const started = performance.now();
      const restored = await fetch(`${server.url}/api/v1/db/${dbId}/restore`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/sql" },
        body: Readable.toWeb(createReadStream(file)) as never,
        duplex: "half",
      } as RequestInit);
      const text = await restored.text();
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (!restored.ok) throw new Error(`restore into ${label}: ${restored.status} ${text}`);
      console.log(`restore into ${label}: ${text} in ${ms.toFixed(0)} ms, server +${(peak - idle).toFixed(1)} MiB`);
      return { idle, above: peak - idle, ms, text };
    };
    const external = await restoreInto(into, "external PostgreSQL");
    // The server's own store is PGlite here: a managed database takes COPY's rows as INSERTs.
    const managed = String((await call("/db", { kind: "managed", name: "managed-target" })).id);
    // Opened before the idle figure: starting its PGlite thread is not the restore's cost.
    await call(`/db/${managed}/execute`, { sql: "SELECT 1" });
    const pglite = await restoreInto(managed, "managed PGlite");
    return [
      {
        name: `SQL download of ${ROWS.toLocaleString("en")} rows (${(size / 2 ** 20).toFixed(1)} MiB), server peak RSS above idle`,
        value: dumpAbove,
        unit: "MiB",
        target: "< 100 MB",
        notes: `idle ${idleBefore.toFixed(0)} MiB; pg_dump's own peak RSS ${pgDumpPeak.toFixed(1)} MiB; ${dumpMs.toFixed(0)} ms`,
      },
      ...[
        ["an empty external PostgreSQL database", external],
        ["an empty managed PGlite database", pglite],
      ].map(([label, figure]) => {
        const f = figure as typeof external;
        return {
          name: `restore of that file into ${label as string}, server peak RSS above idle`,
          value: f.above,
          unit: "MiB",
          target: "< 100 MB",
          notes: `idle ${f.idle.toFixed(0)} MiB; ${f.ms.toFixed(0)} ms; ${f.text}`,
        };
      }),
    ];
  } finally {
    await server.stop();
    await source.drop();
    await target.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  name: "SQL download and restore memory (issue 35)",
  async run() {
    const problem = await postgresReachable();
    if (problem) return [{ name: `skipped PostgreSQL: ${problem}`, value: 0, unit: "" }];
    return measure();
  },
};

export default suite;
