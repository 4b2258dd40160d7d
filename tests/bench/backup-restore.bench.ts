// Issue 35: an instance backup and a restore of one large managed database against the engine's own
// dump and load of the same data, on the same machine: PGlite's dumpDataDir / loadDataDir, and
// pg_dump / pg_restore (custom format). BACKUP_BENCH_ROWS rows (300,000 by default, so it ends in a
// few minutes on a shared machine). The console's side is the code the server runs: backupInstance
// (the store and the database into one sealed archive) and, for the restore, the archive checked
// whole (verifyArchive: every SHA-256, the seal) and the one database taken out of it, as "Restore a
// database" does. Memory: this process's peak RSS above its RSS just before (VmHWM, reset through
// /proc/self/clear_refs), so allocations between samples are not missed.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { verifyArchive } from "../../server/backup/archive-reader.ts";
import { backupInstance } from "../../server/backup/backup-instance.ts";
import { extractPgliteDatabase, restorePostgresDatabase } from "../../server/backup/restore-database.ts";
import { postgresBackupSource, stoppedPgliteSource } from "../../server/backup/sources.ts";
import { masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { createScratchDatabase, postgresReachable } from "../helpers/postgres.ts";
import { seedPgliteTemplate } from "../helpers/test-server.ts";
import type { BenchResult, BenchSuite } from "./harness.ts";

const execa = (command: string, args: string[]) => promisify(execFile)(command, args, { maxBuffer: 1 << 20 });
const ROWS = Number(process.env.BACKUP_BENCH_ROWS ?? 300_000);
const master = masterKeyFromBytes(randomBytes(32));
const FILL = `
  CREATE TABLE big (id int PRIMARY KEY, label text NOT NULL, amount numeric(12,2), at timestamptz, tags jsonb);
  INSERT INTO big SELECT i, 'row ' || i || ' ' || md5(i::text), (i % 100000) / 7.0,
    timestamptz '2026-01-01' + i * interval '1 second', jsonb_build_object('n', i, 'even', i % 2 = 0)
  FROM generate_series(1, ${ROWS}) AS i;`;

function status(field: "VmRSS" | "VmHWM"): number {
  const match = readFileSync("/proc/self/status", "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return Number(match?.[1] ?? 0) / 1024;
}

/** Runs `work` and answers its wall time (s) and this process's peak RSS above the RSS before it (MiB). */
async function measured(work: () => Promise<unknown>): Promise<{ seconds: number; mib: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync("/proc/self/clear_refs", "5"); // resets VmHWM to the current RSS
  const before = status("VmRSS");
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, mib: Math.max(0, status("VmHWM") - before) };
}

function pair(
  label: string,
  ours: { seconds: number; mib: number },
  engine: { seconds: number; mib: number },
  notes: string,
): BenchResult[] {
  return [
    { name: `${label}: console`, value: ours.seconds, unit: "s", target: "≤ 2× engine", notes: `${notes}` },
    { name: `${label}: engine`, value: engine.seconds, unit: "s" },
    { name: `${label}: ratio console / engine`, value: ours.seconds / engine.seconds, unit: "×", target: "≤ 2" },
    { name: `${label}: console memory above idle`, value: ours.mib, unit: "MiB", target: "< 100" },
    { name: `${label}: engine memory above idle`, value: engine.mib, unit: "MiB" },
  ];
}

async function pglite(scratch: string): Promise<BenchResult[]> {
  const dataDir = join(scratch, "pglite");
  await seedPgliteTemplate(dataDir);
  // The store: a small cluster, as an instance has; the managed database: the large one.
  const store = await PGlite.create(join(dataDir, "store"));
  await store.close();
  const location = "ud_0123456789abcdef";
  const databaseDir = join(dataDir, "databases", location);
  const filling = await PGlite.create(databaseDir);
  await filling.exec(FILL);
  await filling.exec("CHECKPOINT");
  await filling.close();

  const archive = join(scratch, "pglite.tar");
  const backup = await measured(() => backupInstance(stoppedPgliteSource(dataDir), master, archive));
  const engineFile = join(scratch, "pglite-dump.tar");
  const opened = await PGlite.create(databaseDir);
  const dump = await measured(async () => {
    const blob = await opened.dumpDataDir("none");
    writeFileSync(engineFile, Buffer.from(await blob.arrayBuffer()));
  });
  await opened.close();

  const restoredDir = join(scratch, "pglite-restored");
  const restore = await measured(async () => {
    const manifest = await verifyArchive(archive, master);
    await extractPgliteDatabase(archive, manifest, location, restoredDir);
  });
  const loadedDir = join(scratch, "pglite-loaded");
  mkdirSync(loadedDir);
  const load = await measured(async () => {
    const loaded = await PGlite.create(loadedDir, { loadDataDir: new Blob([readFileSync(engineFile)]) });
    await loaded.query("SELECT count(*) FROM big");
    await loaded.close();
  });
  const check = await PGlite.create(restoredDir);
  const count = (await check.query<{ n: number }>("SELECT count(*)::int AS n FROM big")).rows[0]?.n;
  await check.close();
  if (count !== ROWS) throw new Error(`the restored database holds ${count} rows, not ${ROWS}`);
  const mib = (path: string) => (statSync(path).size / 2 ** 20).toFixed(0);
  return [
    ...pair(
      "PGlite backup",
      backup,
      dump,
      `archive ${mib(archive)} MiB (store included); dumpDataDir ${mib(engineFile)} MiB`,
    ),
    ...pair("PGlite restore", restore, load, "verify whole archive + extract the database; engine: loadDataDir + open"),
  ];
}

async function postgres(scratch: string): Promise<BenchResult[]> {
  const storeDb = await createScratchDatabase("bench_backup_store");
  // Named as a managed database is (ud_<hex>): the manifest accepts no other location.
  const source = await createScratchDatabase("ud");
  const ours = await createScratchDatabase("bench_backup_ours");
  const theirs = await createScratchDatabase("bench_backup_theirs");
  try {
    await execa("psql", ["-q", "-v", "ON_ERROR_STOP=1", "-c", FILL, source.url]);
    const archive = join(scratch, "postgres.tar");
    const databases = async () => [{ id: source.name, location: source.name }];
    const backup = await measured(() => backupInstance(postgresBackupSource(storeDb.url, databases), master, archive));
    const engineFile = join(scratch, "postgres.pgdump");
    const dump = await measured(() => execa("pg_dump", ["--format=custom", `--file=${engineFile}`, source.url]));
    const restore = await measured(async () => {
      const manifest = await verifyArchive(archive, master);
      await restorePostgresDatabase(archive, manifest, source.name, ours.url);
    });
    const load = await measured(() =>
      execa("pg_restore", [
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        `--dbname=${theirs.url}`,
        engineFile,
      ]),
    );
    const { stdout } = await execa("psql", ["-tAc", "SELECT count(*) FROM big", ours.url]);
    if (Number(stdout) !== ROWS) throw new Error(`the restored database holds ${stdout} rows, not ${ROWS}`);
    const mib = (path: string) => (statSync(path).size / 2 ** 20).toFixed(0);
    return [
      ...pair(
        "PostgreSQL backup",
        backup,
        dump,
        `archive ${mib(archive)} MiB (store dump included); pg_dump -Fc ${mib(engineFile)} MiB`,
      ),
      ...pair(
        "PostgreSQL restore",
        restore,
        load,
        "verify whole archive + pg_restore from it; engine: pg_restore of the file",
      ),
    ];
  } finally {
    for (const database of [storeDb, source, ours, theirs]) await database.drop();
  }
}

const suite: BenchSuite = {
  name: `Backup and restore of a ${ROWS.toLocaleString("en")}-row managed database against the engine's own dump`,
  async run() {
    const scratch = mkdtempSync(join(tmpdir(), "bench-backup-"));
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
