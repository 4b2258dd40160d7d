import type { z } from "zod";
import type { applyRequestSchema } from "../../contract/schema-editor.ts";
import { isHttpError } from "../../lib/errors.ts";
import { apiError } from "../lib/core/api-error.ts";
import type { DatabaseTarget } from "../lib/databases/connections.ts";
import { readTableStructure } from "../lib/tables/table-structure.ts";
import { structureVersion } from "./structure-version.ts";

type Request = z.output<typeof applyRequestSchema>;

/** PostgreSQL refuses these inside a transaction block; they run one by one after the commit. */
const OUTSIDE_TRANSACTION =
  /^\s*(CREATE\s+(UNIQUE\s+)?INDEX\s+CONCURRENTLY|DROP\s+INDEX\s+CONCURRENTLY|REINDEX\b.*\bCONCURRENTLY)\b/i;

function statementFailed(error: unknown, statementIndex: number, field: string | null, applied: number) {
  const cause = error as { message?: string; code?: string; position?: string };
  const reason = cause.message || "The statement failed.";
  return apiError("DATABASE_QUERY_FAILED", reason, {
    reason,
    sqlState: cause.code ?? null,
    statementIndex,
    field,
    /** 1-based character position in that statement, as PostgreSQL reports it. */
    position: cause.position ? Number(cause.position) : null,
    /** Statements that stay applied: those of a committed transaction before a failed CONCURRENTLY. */
    applied,
  });
}

/**
 * Runs the editor's statements in one transaction, all or nothing, after checking that the table
 * is still the one the editor loaded. CONCURRENTLY index statements follow the commit.
 */
export async function applyStatements(
  target: DatabaseTarget,
  request: Request,
  options: { timeoutMs: number },
): Promise<{ applied: number }> {
  const inside = request.statements.flatMap((s, index) => (OUTSIDE_TRANSACTION.test(s.sql) ? [] : [{ ...s, index }]));
  const after = request.statements.flatMap((s, index) => (OUTSIDE_TRANSACTION.test(s.sql) ? [{ ...s, index }] : []));
  const client = await target.connect();
  try {
    await client.query("BEGIN");
    try {
      // SET LOCAL takes no parameters; the number comes from our own validated config.
      await client.query(`SET LOCAL statement_timeout = ${Math.trunc(options.timeoutMs)}`);
      if (request.expected) await checkVersion(client, request.expected);
      for (const statement of inside) {
        try {
          await client.query(statement.sql);
        } catch (error) {
          throw statementFailed(error, statement.index, statement.field, 0);
        }
      }
      await client.query("COMMIT");
    } catch (error) {
      // Clean-up: the statement's own error is what the caller gets; a failed ROLLBACK ends the session anyway.
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    let applied = inside.length;
    for (const statement of after) {
      try {
        await client.query(statement.sql);
      } catch (error) {
        throw statementFailed(error, statement.index, statement.field, applied);
      }
      applied += 1;
    }
    return { applied };
  } finally {
    client.release();
  }
}

async function checkVersion(
  client: Parameters<typeof readTableStructure>[0],
  expected: NonNullable<Request["expected"]>,
) {
  const changed = () =>
    apiError("STRUCTURE_CHANGED", `Table "${expected.schema}.${expected.table}" changed since it was loaded.`, {
      schema: expected.schema,
      table: expected.table,
    });
  let version: string;
  try {
    version = structureVersion(await readTableStructure(client, expected.schema, expected.table));
  } catch (error) {
    if (isHttpError(error)) throw changed(); // gone or renamed
    throw error;
  }
  if (version !== expected.version) throw changed();
}
