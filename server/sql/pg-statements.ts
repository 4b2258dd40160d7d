import type { scanSync } from "libpg-query";
import { libpgQuery } from "./libpg-query.ts";

/** One statement of a script, located in the script's JavaScript string (not in UTF-8 bytes). */
export interface ScriptStatement {
  text: string;
  /** 0-based offsets into the script: text === script.slice(start, end). */
  start: number;
  end: number;
  /** The parse node's kind, e.g. SelectStmt, UpdateStmt. */
  kind: string;
  /** Why running it needs a confirmation, or null: DROP, TRUNCATE, UPDATE/DELETE without WHERE. */
  destructive: "drop" | "truncate" | "update-without-where" | "delete-without-where" | null;
}

/** A statement to run, located in the submitted text (for the database's error positions). */
export interface SqlStatement {
  text: string;
  /** Character offset of the statement in the submitted text. */
  offset: number;
}

interface RawStatement {
  stmt: Record<string, Record<string, unknown>>;
  stmt_location?: number;
  stmt_len?: number;
}

/**
 * Splits a script into statements with PostgreSQL's own parser (libpg-query, WASM), so dollar
 * quotes, comments and string literals never split wrongly. A syntax error rejects with the
 * parser's message and cursor position.
 */
export async function splitStatements(script: string): Promise<ScriptStatement[]> {
  const { parse } = await libpgQuery();
  const tree = (await parse(script)) as { stmts?: RawStatement[] };
  const bytes = Buffer.from(script, "utf8");
  const toIndex = (byteOffset: number) => bytes.subarray(0, byteOffset).toString("utf8").length;
  const statements: ScriptStatement[] = [];
  for (const raw of tree.stmts ?? []) {
    const byteStart = raw.stmt_location ?? 0;
    // The last statement has no stmt_len when it runs to the end of the script.
    const byteEnd = raw.stmt_len ? byteStart + raw.stmt_len : bytes.length;
    const rawText = bytes.subarray(byteStart, byteEnd).toString("utf8");
    const lead = rawText.length - rawText.trimStart().length;
    const text = rawText.trim();
    const start = toIndex(byteStart) + lead;
    const kind = Object.keys(raw.stmt)[0] ?? "Unknown";
    statements.push({
      text,
      start,
      end: start + text.length,
      kind,
      destructive: destructiveKind(kind, raw.stmt[kind]),
    });
  }
  return statements;
}

function destructiveKind(kind: string, node: Record<string, unknown> | undefined): ScriptStatement["destructive"] {
  if (kind === "DropStmt" || kind === "DropdbStmt" || kind === "DropRoleStmt") return "drop";
  if (kind === "TruncateStmt") return "truncate";
  if (kind === "UpdateStmt" && !node?.whereClause) return "update-without-where";
  if (kind === "DeleteStmt" && !node?.whereClause) return "delete-without-where";
  return null;
}

/**
 * The statements execute runs, one at a time. The parser decides where statements end (it knows
 * `BEGIN ATOMIC ... END` bodies, which no token-level split can). Text the parser rejects is split
 * at top-level semicolons by PostgreSQL's scanner instead, so the statements before the broken one
 * still run and the database itself reports the error with its position, as in psql. `split` is
 * the parse to use (one that keeps recent parses, say).
 */
export async function splitForExecution(
  sql: string,
  split: (script: string) => Promise<readonly ScriptStatement[]> = splitStatements,
): Promise<SqlStatement[]> {
  try {
    return (await split(sql)).map((s) => ({ text: s.text, offset: s.start }));
  } catch {
    return splitAtSemicolons(sql);
  }
}

let scannerLoaded: Promise<void> | null = null;
const SEMICOLON_TOKEN = 59;

async function splitAtSemicolons(sql: string): Promise<SqlStatement[]> {
  const { loadModule, scanSync } = await libpgQuery();
  scannerLoaded ??= loadModule();
  await scannerLoaded;
  let tokens: ReturnType<typeof scanSync>["tokens"];
  try {
    tokens = scanSync(sql).tokens;
  } catch {
    // Even the scanner gave up (an unterminated string): the database gets it whole.
    return sql.trim() ? [{ text: sql, offset: 0 }] : [];
  }
  const bytes = Buffer.from(sql, "utf8");
  const charAt = (byteOffset: number) => bytes.subarray(0, byteOffset).toString("utf8").length;
  const statements: SqlStatement[] = [];
  let start = 0;
  let meaningful = false;
  const push = (endByte: number) => {
    if (meaningful) {
      const offset = charAt(start);
      statements.push({ text: sql.slice(offset, charAt(endByte)), offset });
    }
    meaningful = false;
  };
  for (const token of tokens) {
    if (token.tokenType === SEMICOLON_TOKEN) {
      push(token.start);
      start = token.end;
    } else if (token.tokenName !== "SQL_COMMENT" && token.tokenName !== "C_COMMENT") {
      meaningful = true;
    }
  }
  push(bytes.length);
  return statements;
}
