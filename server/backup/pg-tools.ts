import { spawn } from "node:child_process";
import { dirname } from "node:path";
import type { Readable } from "node:stream";
import { BackupError } from "./backup-error.ts";

/**
 * The connection for Debian's pg_dump/pg_restore: the URL without its password, which goes in
 * PGPASSWORD instead (a process's arguments are visible to every local user; its environment is not).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: "10" };
  if (password) env.PGPASSWORD = password;
  else delete env.PGPASSWORD;
  return { dbname: parsed.toString(), env };
}

function run(tool: "pg_dump" | "pg_restore", args: string[], url: string, input?: Readable): Promise<void> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], {
      env,
      stdio: [input ? "pipe" : "ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      if (stderr.length < 8192) stderr += chunk;
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new BackupError(
            "PG_CLIENT_MISSING",
            `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client; ` +
              "node scripts/ensure-pg-client.mjs does it as root).",
          ),
        );
      } else reject(error);
    });
    if (input && child.stdin) {
      input.pipe(child.stdin);
      child.stdin.on("error", () => undefined); // the exit code says what went wrong
    }
    child.once("close", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            "PG_TOOL_FAILED",
            `${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`,
          ),
        );
    });
  });
}

/**
 * Copies one database into another on the same cluster, pg_dump piped into pg_restore (nothing
 * held in memory or on disk); `schemaOnly` leaves the rows behind. Objects are owned by the
 * connecting role, as in pgRestoreFromStream.
 */
export async function pgCopyDatabase(fromUrl: string, toUrl: string, schemaOnly: boolean): Promise<void> {
  const { dbname, env } = connection(fromUrl);
  const dump = spawn("pg_dump", ["--format=custom", ...(schemaOnly ? ["--schema-only"] : []), `--dbname=${dbname}`], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  dump.stderr?.on("data", (chunk) => {
    if (stderr.length < 8192) stderr += chunk;
  });
  const dumped = new Promise<void>((resolve, reject) => {
    dump.once("error", reject);
    dump.once("close", (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              "PG_TOOL_FAILED",
              `pg_dump failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`,
            ),
          ),
    );
  });
  const [dumpResult, restoreResult] = await Promise.allSettled([dumped, pgRestoreFromStream(toUrl, dump.stdout)]);
  if (dumpResult.status === "rejected") throw dumpResult.reason;
  if (restoreResult.status === "rejected") throw restoreResult.reason;
}

/** One database in pg_dump's custom format (compressed, restorable object by object) into `file`. */
export async function pgDumpToFile(url: string, file: string): Promise<void> {
  try {
    await run("pg_dump", ["--format=custom", `--file=${file}`], url);
  } catch (error) {
    // pg_dump says so in its words only; a full disk is the operator's to fix, not a tool failure.
    if (error instanceof BackupError && /No space left on device|Disk quota exceeded/i.test(error.message)) {
      throw new BackupError(
        "BACKUP_DISK_FULL",
        `The disk of ${dirname(file)} is full: the backup was stopped and removed.`,
      );
    }
    throw error;
  }
}

/**
 * Restores a custom-format dump read from `input` into the database of `url`; objects are owned
 * by the connecting role (the restore then hands a managed database to its own role).
 */
export function pgRestoreFromStream(url: string, input: Readable): Promise<void> {
  return run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"], url, input);
}
