// Issue 35: the SQL download of a managed PGlite database (from a copy of its files, taken while it
// runs no statement; pg_dump 18's schema sections and the rows as COPY blocks, a batch of pages at a
// time, in a thread of its own: server/api/lib/transfer/pglite-dump.ts). The real server in its own
// process (the bundle `npm start` runs, PGlite store), a table of PGLITE_DUMP_ROWS rows (100,000 by
// default) in a managed database, downloaded over HTTP by a client writing it to disk at full speed.
// Figures: the time to the first byte and to the last, the server's RSS at its peak above its RSS
// just before (the process holds the database's thread and the dump's), and the longest wait of
// statements sent back to back during it. With at most 200,000 rows the file is then restored into an empty
// managed database (a round trip).
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { startServerProcess } from "../helpers/server-process.ts";
import { type BenchResult, type BenchSuite, benchServerEnv } from "./harness.ts";

const ROWS = Number(process.env.PGLITE_DUMP_ROWS ?? 100_000);

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
  const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-dump-"));
  const keys = { projectId: randomUUID(), secretServerKey: `ssk_${randomUUID().replaceAll("-", "")}` };
  const server = await startServerProcess(
    benchServerEnv({
      DATA_DIR: dataDir,
      STACK_PROJECT_ID: keys.projectId,
      STACK_SECRET_SERVER_KEY: keys.secretServerKey,
      STACK_PUBLISHABLE_CLIENT_KEY: `pck_${randomUUID().replaceAll("-", "")}`,
      AUTH_RATE_LIMITS: "false",
      SQL_STATEMENT_TIMEOUT_MS: "600000",
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
    const from = String((await call("/db", { kind: "managed", name: "source" })).id);
    // In slices: one statement of a million rows would hold the database's thread for minutes.
    await call(`/db/${from}/execute`, {
      sql: "CREATE TABLE big (id int PRIMARY KEY, name text, amount numeric(12,2), at timestamptz, tags jsonb)",
    });
    for (let start = 1; start <= ROWS; start += 100_000) {
      const end = Math.min(ROWS, start + 99_999);
      await call(`/db/${from}/execute`, {
        sql: `INSERT INTO big SELECT g, 'name ' || g, g / 100.0, '2024-01-01'::timestamptz + g * interval '1 second',
                                     jsonb_build_object('n', g) FROM generate_series(${start}, ${end}) g`,
      });
    }
    await call(`/db/${from}/execute`, { sql: "CHECKPOINT" });

    const idleBefore = await idleRss(pid);
    let peak = idleBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 20);
    const started = performance.now();
    const response = fetch(`${server.url}/api/v1/db/${from}/dump?contents=data`, { headers: auth });
    // Statements of the console's own on the same database, one after another from the start of the
    // download to its end: the longest wait is how long the dump held the database (before, the
    // whole dump; now the copy of its files). Past the pool's 10 s connect wait one fails
    // (DATABASE_UNREACHABLE): that is recorded, not thrown.
    let downloading = true;
    const during = (async () => {
      let longest = 0;
      let answered = 0;
      const failures: string[] = [];
      while (downloading) {
        const sent = performance.now();
        await call(`/db/${from}/execute`, { sql: "SELECT count(*) FROM big WHERE id < 10" }).then(
          () => answered++,
          (error: Error) => failures.push(error.message.replace(/^[^:]*: /, "").slice(0, 160)),
        );
        longest = Math.max(longest, performance.now() - sent);
      }
      const outcome = `${answered} answered${failures.length ? `, ${failures.length} failed: ${failures[0]}` : ""}`;
      return { ms: longest, outcome };
    })();
    const answer = await response;
    const firstByteMs = performance.now() - started;
    if (!answer.ok || !answer.body) throw new Error(`dump: ${answer.status} ${await answer.text()}`);
    await finished(Readable.fromWeb(answer.body as never).pipe(createWriteStream(file)));
    const dumpMs = performance.now() - started;
    downloading = false;
    clearInterval(sampler);
    const { ms: waitedMs, outcome } = await during;
    const dumpAbove = peak - idleBefore;
    const size = statSync(file).size;
    console.log(
      `dump: ${(size / 2 ** 20).toFixed(1)} MiB, first byte ${firstByteMs.toFixed(0)} ms, last ${dumpMs.toFixed(0)} ms, server +${dumpAbove.toFixed(1)} MiB, statements during it: ${outcome}, the longest waited ${waitedMs.toFixed(0)} ms`,
    );
    const results: BenchResult[] = [
      {
        name: `SQL download of a managed PGlite table of ${ROWS.toLocaleString("en")} rows (${(size / 2 ** 20).toFixed(1)} MiB), server peak RSS above idle`,
        value: dumpAbove,
        unit: "MiB",
        notes: `idle ${idleBefore.toFixed(0)} MiB; first byte ${firstByteMs.toFixed(0)} ms, last ${dumpMs.toFixed(0)} ms`,
      },
      {
        name: "statements on the same database during that download, back to back: the longest wait",
        value: waitedMs,
        unit: "ms",
        notes: outcome,
      },
    ];
    if (ROWS <= 200_000) {
      const into = String((await call("/db", { kind: "managed", name: "target" })).id);
      await call(`/db/${into}/execute`, { sql: "SELECT 1" }); // its thread started before the clock
      const restoreStarted = performance.now();
      const restored = await fetch(`${server.url}/api/v1/db/${into}/restore`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/sql" },
        body: Readable.toWeb(createReadStream(file)) as never,
        duplex: "half",
      } as RequestInit);
      const text = await restored.text();
      if (!restored.ok) throw new Error(`restore: ${restored.status} ${text}`);
      const restoreMs = performance.now() - restoreStarted;
      const count = await call(`/db/${into}/execute`, { sql: "SELECT count(*)::int FROM big" });
      console.log(`restore: ${text} in ${restoreMs.toFixed(0)} ms; ${JSON.stringify(count.results)}`);
      results.push({
        name: "restore of that file into an empty managed PGlite database",
        value: restoreMs,
        unit: "ms",
        notes: text,
      });
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const suite: BenchSuite = {
  name: "SQL download of a managed PGlite database (issue 35)",
  run: measure,
};

export default suite;
