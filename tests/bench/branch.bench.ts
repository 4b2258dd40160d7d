// Issue 35: a branch of a managed database with its rows against "a copy of the same files", on the
// same machine and run. BRANCH_BENCH_ROWS rows in a table shaped as backup-restore's `big` (200,000
// by default, so it ends in a few minutes on a shared machine); BRANCH_BENCH_RUNS runs of each step
// (1 by default; the figure is the median, every run in the notes). The console's side is the code
// `POST /db/{id}/branch` runs: ConnectionManager.createManaged (the new database's storage) and
// branchInto, with the source open and idle, as it is when its owner presses "Branch" (PGlite: with
// the spare clusters copied, which new databases take; their refill is not timed).
// Baselines: PGlite: the source's folder copied after a CHECKPOINT, by node:fs/promises `cp` and by
// `cp -R` (a child). PostgreSQL: the console branches an idle source with CREATE DATABASE … TEMPLATE
// (the cluster's default strategy) and hands its objects over, and falls back to pg_dump | pg_restore
// when the source has sessions; the baselines are that pipe into an empty database and the cluster's
// own file-level copy (STRATEGY FILE_COPY, and WAL_LOG, PostgreSQL 15's default), without the hand-over.
// Memory: this process's peak RSS above its RSS just before (VmHWM, reset through
// /proc/self/clear_refs). PGlite runs in a worker thread of this process, so its WASM memory (the
// source's checkpoint, the target's TRUNCATE) is counted; child processes (pg_dump, pg_restore, cp)
// and the PostgreSQL server are not.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ConnectionManager, type DatabaseRef } from "../../server/api/lib/databases/connections.ts";
import { clusterDatabaseUrl } from "../../server/api/lib/databases/managed-roles.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { createOutboundPolicy, parseOutboundAllow } from "../../server/lib/outbound.ts";
import { SPARE_CLUSTERS } from "../../server/pglite/spare-pool.ts";
import { readySpares } from "../../server/pglite/template.ts";
import { postgresReachable, TEST_POSTGRES_URL } from "../helpers/postgres.ts";
import { seedPgliteTemplate } from "../helpers/test-server.ts";
import type { BenchResult, BenchSuite } from "./harness.ts";
import { treeMemory } from "./process-tree.ts";

const execa = (command: string, args: string[]) => promisify(execFile)(command, args, { maxBuffer: 1 << 20 });
const ROWS = Number(process.env.BRANCH_BENCH_ROWS ?? 200_000);
const RUNS = Math.max(1, Number(process.env.BRANCH_BENCH_RUNS ?? 1));
const FILL = `
  CREATE TABLE big (id int PRIMARY KEY, label text NOT NULL, amount numeric(12,2), at timestamptz, tags jsonb);
  INSERT INTO big SELECT i, 'row ' || i || ' ' || md5(i::text), (i % 100000) / 7.0,
    timestamptz '2026-01-01' + i * interval '1 second', jsonb_build_object('n', i, 'even', i % 2 = 0)
  FROM generate_series(1, ${ROWS}) AS i;`;

interface Sample {
  seconds: number;
  mib: number;
}

function status(field: "VmRSS" | "VmHWM"): number {
  const match = readFileSync("/proc/self/status", "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return Number(match?.[1] ?? 0) / 1024;
}

/** Runs `work` and answers its wall time (s) and this process's peak RSS above the RSS before it (MiB). */
async function measured(work: () => Promise<unknown>): Promise<Sample> {
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync("/proc/self/clear_refs", "5"); // resets VmHWM to the current RSS
  const before = status("VmRSS");
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, mib: Math.max(0, status("VmHWM") - before) };
}

/**
 * The peak RSS of this process and its children (pg_dump, pg_restore) above the same sum just before
 * `work`, read from /proc every 20 ms: sampled, so a spike shorter than that can be missed. Run apart
 * from the timed runs, as reading /proc takes CPU of its own.
 */
async function treePeak(work: () => Promise<unknown>): Promise<number> {
  const before = treeMemory(process.pid).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeMemory(process.pid).rss);
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(0, peak - before);
}

/** `RUNS` samples of one step; `prepare` and `after` (a check, the clean-up) are not timed. */
async function repeated(
  step: (run: number) => Promise<unknown>,
  after: (run: number) => Promise<void>,
  prepare: () => Promise<void> = async () => undefined,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    await prepare();
    samples.push(await measured(() => step(run)));
    await after(run);
  }
  return samples;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const seconds = (samples: Sample[]) => median(samples.map((s) => s.seconds));
const mib = (samples: Sample[]) => Math.max(...samples.map((s) => s.mib));
const runs = (samples: Sample[]) => `runs ${samples.map((s) => `${s.seconds.toFixed(2)} s`).join(", ")}`;

/** The console against its baselines: median seconds, the ratio to the fastest baseline, peak memory. */
function compared(
  label: string,
  console_: Sample[],
  baselines: Array<{ name: string; samples: Sample[]; counted: boolean }>,
): BenchResult[] {
  const fastest = Math.min(...baselines.map((b) => seconds(b.samples)));
  return [
    { name: `${label}: console`, value: seconds(console_), unit: "s", target: "≤ 2× a copy", notes: runs(console_) },
    ...baselines.map((b) => ({
      name: `${label}: ${b.name}`,
      value: seconds(b.samples),
      unit: "s",
      notes: runs(b.samples),
    })),
    {
      name: `${label}: ratio console / fastest baseline`,
      value: seconds(console_) / fastest,
      unit: "×",
      target: "≤ 2",
    },
    { name: `${label}: console memory above idle (max of runs)`, value: mib(console_), unit: "MiB", target: "< 100" },
    ...baselines
      .filter((b) => b.counted)
      .map((b) => ({ name: `${label}: ${b.name} memory above idle`, value: mib(b.samples), unit: "MiB" })),
  ];
}

function managedRef(id: string, location: string, rolePassword?: string): DatabaseRef {
  return {
    id,
    engine: rolePassword ? "postgres" : "pglite",
    kind: "managed",
    location,
    credentials: async () => (rolePassword ? { rolePassword } : {}),
  };
}

async function rowCount(connections: ConnectionManager, ref: DatabaseRef): Promise<number> {
  return connections.use(ref, async (target) => {
    const { rows } = await target.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM big");
    return rows[0]?.n ?? -1;
  });
}

/** A new managed database branched from `source` as the route does it: its storage, then the copy. */
async function branch(connections: ConnectionManager, source: DatabaseRef, withData: boolean): Promise<DatabaseRef> {
  const id = randomUUID();
  const { location, rolePassword } = await connections.createManaged(id);
  const target = managedRef(id, location, rolePassword);
  await connections.branchInto(source, target, withData);
  return target;
}

function manager(dataDir: string, databaseUrl?: string): ConnectionManager {
  return new ConnectionManager({
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    logger: createLogger({ level: "silent" }),
    outbound: createOutboundPolicy(parseOutboundAllow(undefined)),
  });
}

/**
 * Waits until the spare clusters are copied again (SparePool refills them 2 s after every new
 * database): so a new database takes a ready spare, as on a server that had a moment to itself, and
 * no background copy shares the disk with a timed step. Polled: the pool tells no one it is done.
 */
async function sparesReady(dataDir: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (readySpares(dataDir).length < SPARE_CLUSTERS) {
    if (Date.now() > deadline) throw new Error("the spare PGlite clusters were not copied within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pglite(scratch: string): Promise<BenchResult[]> {
  const dataDir = join(scratch, "pglite");
  await seedPgliteTemplate(dataDir);
  const connections = manager(dataDir);
  try {
    const sourceId = randomUUID();
    const source = managedRef(sourceId, (await connections.createManaged(sourceId)).location);
    await connections.use(source, (target) => target.pool.query(FILL));
    // Open and idle, as a database its owner has just used; CHECKPOINT so the baselines copy settled files.
    await connections.use(source, (target) => target.pool.query("CHECKPOINT"));
    const sourceDir = join(dataDir, "databases", source.location);
    let made: DatabaseRef | null = null;
    const check = (rows: number) => async () => {
      const ref = made as DatabaseRef;
      const count = await rowCount(connections, ref);
      await connections.dropManaged(ref);
      if (count !== rows) throw new Error(`the branch holds ${count} rows, not ${rows}`);
    };
    connections.prepareSpareSoon();
    const spares = () => sparesReady(dataDir);
    const withData = await repeated(
      async () => {
        made = await branch(connections, source, true);
      },
      check(ROWS),
      spares,
    );
    const copyTo = (run: number) => join(scratch, `pglite-copy-${run}`);
    const dropCopy = async (run: number) => rm(copyTo(run), { recursive: true, force: true });
    const checkpoint = async () => {
      await spares();
      await connections.use(source, (target) => target.pool.query("CHECKPOINT"));
    };
    const fsCp = await repeated((run) => cp(sourceDir, copyTo(run), { recursive: true }), dropCopy, checkpoint);
    const shellCp = await repeated((run) => execa("cp", ["-R", sourceDir, copyTo(run)]), dropCopy, checkpoint);
    const schemaOnly = await repeated(
      async () => {
        made = await branch(connections, source, false);
      },
      check(0),
      spares,
    );
    const baselines = [
      { name: "copy of the folder (fs.cp recursive)", samples: fsCp, counted: true },
      { name: "copy of the folder (cp -R, child)", samples: shellCp, counted: false },
    ];
    const { stdout } = await execa("du", ["-sm", sourceDir]);
    const size = `folder ${stdout.split("\t")[0]} MiB`;
    return [
      ...compared(`PGlite branch with data (${size})`, withData, baselines),
      ...compared("PGlite branch, schema only (copy + TRUNCATE)", schemaOnly, baselines),
    ];
  } finally {
    await connections.close();
  }
}

async function postgres(scratch: string): Promise<BenchResult[]> {
  const connections = manager(join(scratch, "postgres"), TEST_POSTGRES_URL);
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const made: DatabaseRef[] = [];
  const plain: string[] = [];
  try {
    const sourceId = randomUUID();
    const created = await connections.createManaged(sourceId);
    const source = managedRef(sourceId, created.location, created.rolePassword);
    made.push(source);
    await connections.use(source, (target) => target.pool.query(FILL));
    await connections.use(source, (target) => target.pool.query("ANALYZE"));
    const sourceUrl = clusterDatabaseUrl(TEST_POSTGRES_URL, source.location);
    const check = (rows: number) => async () => {
      const ref = made[made.length - 1] as DatabaseRef;
      const count = await rowCount(connections, ref);
      await connections.dropManaged(ref);
      made.pop();
      if (count !== rows) throw new Error(`the branch holds ${count} rows, not ${rows}`);
    };
    const withData = await repeated(async () => {
      made.push(await branch(connections, source, true));
    }, check(ROWS));
    // Once more, untimed: the memory of the whole tree, pg_dump and pg_restore included.
    const withChildren = await treePeak(async () => {
      made.push(await branch(connections, source, true));
    });
    await check(ROWS)();
    const schemaOnly = await repeated(async () => {
      made.push(await branch(connections, source, false));
    }, check(0));

    // The baselines, into plain databases of the administrator's (no role of their own to make).
    const fresh = async () => {
      const name = `bench_branch_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      plain.push(name);
      return name;
    };
    const dropPlain = async () => {
      const name = plain.pop() as string;
      const { rows } = await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_database WHERE datname = $1",
        [name],
      );
      if (rows[0]?.n !== 1) throw new Error(`the copy ${name} was not made`);
      await admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    };
    const pipe = (schemaOnlyFlag: string) => async () => {
      const name = await fresh();
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      const target = clusterDatabaseUrl(TEST_POSTGRES_URL, name);
      // Arguments as positional parameters of the shell, not spliced into its script.
      await execa("bash", [
        "-o",
        "pipefail",
        "-c",
        `pg_dump --format=custom ${schemaOnlyFlag} --dbname="$1" | pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$2"`,
        "bash",
        sourceUrl,
        target,
      ]);
    };
    const dump = await repeated(pipe(""), dropPlain);
    const dumpWithChildren = await treePeak(pipe(""));
    await dropPlain();
    const dumpSchema = await repeated(pipe("--schema-only"), dropPlain);
    // A template must have no sessions: the console's pool on the source is closed first (not timed).
    const closeSource = () => connections.release(source.id);
    const template = (strategy: string) => async () => {
      const name = await fresh();
      await admin.query(
        `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(source.location)} STRATEGY ${strategy}`,
      );
    };
    const fileCopy = await repeated(template("FILE_COPY"), dropPlain, closeSource);
    const walLog = await repeated(template("WAL_LOG"), dropPlain, closeSource);
    const { rows } = await admin.query<{ mib: string }>("SELECT (pg_database_size($1) / 1048576)::text AS mib", [
      source.location,
    ]);
    const baselines = [
      { name: "pg_dump -Fc piped into pg_restore (children)", samples: dump, counted: false },
      { name: "CREATE DATABASE … TEMPLATE, FILE_COPY", samples: fileCopy, counted: false },
      { name: "CREATE DATABASE … TEMPLATE, WAL_LOG", samples: walLog, counted: false },
    ];
    return [
      ...compared(`PostgreSQL branch with data (database ${rows[0]?.mib} MiB)`, withData, baselines),
      {
        name: "PostgreSQL branch with data: console memory above idle, children included (sampled, one run)",
        value: withChildren,
        unit: "MiB",
        target: "< 100",
      },
      {
        name: "PostgreSQL branch with data: pg_dump piped into pg_restore memory, children included (sampled)",
        value: dumpWithChildren,
        unit: "MiB",
      },
      ...compared("PostgreSQL branch, schema only", schemaOnly, [
        { name: "pg_dump -Fc --schema-only piped into pg_restore (children)", samples: dumpSchema, counted: false },
      ]),
    ];
  } finally {
    for (const ref of made.reverse()) await connections.dropManaged(ref).catch(() => undefined);
    for (const name of plain) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.end();
    await connections.close();
  }
}

const suite: BenchSuite = {
  name: `Branch of a ${ROWS.toLocaleString("en")}-row managed database against a copy of the same files`,
  async run() {
    const scratch = mkdtempSync(join(tmpdir(), "bench-branch-"));
    try {
      const results = await pglite(scratch);
      // postgresReachable answers why not, or null when the test cluster answers.
      if ((await postgresReachable()) === null) results.push(...(await postgres(scratch)));
      return results;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
export default suite;
