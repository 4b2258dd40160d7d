import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "../../../lib/logger.ts";
import { apiError } from "../core/api-error.ts";
import type { ToolConnection } from "../databases/connections.ts";

/** libpq's connection string: every value single-quoted, its quotes and backslashes escaped. */
function conninfo(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}='${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`)
    .join(" ");
}

let emptyHome: string | null = null;

/**
 * pg_dump's environment: none of the server's own PG* variables, and a home of its own, empty, so
 * libpq reads no ~/.pgpass, service file or client certificate of the server's user: a tenant's URL
 * without a password must not be completed with the operator's.
 */
function toolEnvironment(): NodeJS.ProcessEnv {
  emptyHome ??= mkdtempSync(join(tmpdir(), "pgtool-home-"));
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("PG")),
  );
  return { ...env, HOME: emptyHome, PGCONNECT_TIMEOUT: "10", PGAPPNAME: "appconsole-dump" };
}

/** pg_dump's refusal of a newer server: "server version: 18.6; pg_dump version: 15.20 (Debian …)". */
const VERSION_MISMATCH = /server version: ([\d.]+)[^;]*; pg_dump version: ([\d.]+)/;

/**
 * One database as plain SQL, pg_dump's own output piped through as it comes (nothing held whole):
 * without owners or grants, so the file restores into a database of another role. Resolves once
 * pg_dump has written its first bytes, so that a refusal (an unreachable or too new server) is a
 * plain error answer; a failure after that errors the stream, so the download is marked failed
 * rather than ending short as if complete. A reader who goes away stops pg_dump.
 */
export function dumpSql(
  connection: ToolConnection,
  schemaOnly: boolean,
  onFinish: () => void,
  logger: Logger,
): Promise<ReadableStream<Uint8Array>> {
  const env = toolEnvironment();
  if (connection.password) env.PGPASSWORD = connection.password;
  const args = [
    "--format=plain",
    "--no-owner",
    "--no-privileges",
    "--no-subscriptions",
    "--no-publications",
    ...(schemaOnly ? ["--schema-only"] : []),
    `--dbname=${conninfo(connection.params)}`,
  ];
  const child = spawn("pg_dump", args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 8192) stderr += chunk.toString("utf8");
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinish();
  };
  const failure = (code: number | null) => {
    const words = stderr.trim().split("\n").slice(-3).join(" ") || `pg_dump exited with ${code}`;
    const mismatch = VERSION_MISMATCH.exec(stderr);
    if (mismatch)
      return apiError("DUMP_UNAVAILABLE", `pg_dump cannot read this server: ${words}`, {
        reason: "versionMismatch",
        serverVersion: mismatch[1],
        clientVersion: mismatch[2],
      });
    return apiError("DUMP_FAILED", `pg_dump failed: ${words}`, { reason: words });
  };
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));

  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      finish();
      reject(
        error.code === "ENOENT"
          ? apiError("DUMP_UNAVAILABLE", "pg_dump was not found: install postgresql-client.", {
              reason: "clientMissing",
            })
          : error,
      );
    });
    const stdout = child.stdout;
    const onEarlyClose = (code: number | null) => {
      finish();
      reject(failure(code));
    };
    let started = false;
    // An empty database still dumps a header: no output at all means pg_dump refused.
    void closed.then((code) => {
      if (!started) onEarlyClose(code);
    });
    stdout.once("data", (first: Buffer) => {
      started = true;
      stdout.pause();
      const bytes = (chunk: Buffer) => new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      /** After the reader went away, the stream takes nothing more (pg_dump's last chunks, its exit). */
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            controller.enqueue(bytes(first));
            stdout.on("data", (chunk: Buffer) => {
              if (cancelled) return;
              controller.enqueue(bytes(chunk));
              if ((controller.desiredSize ?? 0) <= 0) stdout.pause();
            });
            void closed.then((code) => {
              finish();
              if (cancelled) return;
              if (code === 0) controller.close();
              else {
                const error = failure(code);
                logger.warn({ code: error.code, reason: error.message }, "a SQL dump failed midway");
                controller.error(error);
              }
            });
          },
          pull() {
            stdout.resume();
          },
          cancel() {
            // The reader went away: pg_dump has nobody to write for.
            cancelled = true;
            stdout.resume(); // drained, so pg_dump sees the signal rather than a full pipe
            child.kill("SIGTERM");
            finish();
          },
        },
        { highWaterMark: 4 },
      );
      resolve(body);
    });
  });
}
