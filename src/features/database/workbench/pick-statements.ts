import type { SqlSplitResponse } from "@contract/sql-split";

export type SplitStatement = SqlSplitResponse["statements"][number];

/** What the user asked to run: everything, a selection, or the statement under the cursor. */
export type RunRequest =
  | { mode: "all"; text: string }
  | { mode: "selection"; text: string; start: number; end: number }
  | { mode: "cursor"; text: string; cursor: number };

/** The text to send to execute, where it starts in the editor, and the statements needing a confirmation. */
export interface RunPlan {
  sql: string;
  offset: number;
  /** Where each statement of `sql` starts in it (0-based): errors without a position are marked there. */
  statementStarts: number[];
  flagged: Array<{ text: string; destructive: SplitStatement["destructive"] | "analyze-executes" }>;
}

// When the script does not parse, the parser cannot say what it destroys; these words make us ask anyway.
const RISKY_WORDS = /\b(drop|truncate|delete|update)\b/i;

/**
 * Chooses what to run from the statements PostgreSQL's parser found in the editor text (for the
 * cursor mode) or in the text that will run (all, selection). The statement at the cursor is the one
 * the cursor is in, else the nearest one before it (the cursor just after its semicolon), else the first.
 */
export function planRun(request: RunRequest, split: SqlSplitResponse): RunPlan | null {
  if (split.syntaxError !== null) {
    const base = request.mode === "selection" ? request.text.slice(request.start, request.end) : request.text;
    const offset = request.mode === "selection" ? request.start : 0;
    if (base.trim() === "") return null;
    // The server splits unparsable text at semicolons and lets the database report the error.
    const flagged = RISKY_WORDS.test(base) ? [{ text: base.trim(), destructive: null }] : [];
    return { sql: base, offset, statementStarts: [], flagged };
  }
  if (split.statements.length === 0) return null;
  if (request.mode === "cursor") {
    const statement = statementAt(split.statements, request.cursor);
    return {
      sql: statement.text,
      offset: statement.start,
      statementStarts: [0],
      flagged: statement.destructive ? [statement] : [],
    };
  }
  const offset = request.mode === "selection" ? request.start : 0;
  const sql = request.mode === "selection" ? request.text.slice(request.start, request.end) : request.text;
  return {
    sql,
    offset,
    // The split ran on `sql` itself (the selection or the whole text), so its starts are relative to it.
    statementStarts: split.statements.map((s) => s.start),
    flagged: split.statements.filter((s) => s.destructive !== null),
  };
}

export function statementAt(statements: SplitStatement[], cursor: number): SplitStatement {
  let chosen = statements[0] as SplitStatement;
  for (const statement of statements) {
    if (statement.start <= cursor) chosen = statement;
    else break;
  }
  return chosen;
}

// EXPLAIN ANALYZE executes the statement: anything but a plain query changes data.
const WRITING_WORDS = /\b(insert|update|delete|merge|truncate|drop|alter|create|grant|revoke|call|copy)\b/i;

/**
 * EXPLAIN (FORMAT JSON[, ANALYZE]) of the statement at the cursor, or the first of the selection.
 * ANALYZE runs the statement, so anything that may write asks first. `offset` is where the
 * database's error positions (counted in the submitted text, prefix included) land in the editor.
 */
export function planExplain(request: RunRequest, split: SqlSplitResponse, analyze: boolean): RunPlan | null {
  if (split.syntaxError !== null || split.statements.length === 0 || request.mode === "all") return null;
  const statement =
    request.mode === "cursor" ? statementAt(split.statements, request.cursor) : (split.statements[0] as SplitStatement);
  const start = request.mode === "selection" ? request.start + statement.start : statement.start;
  const prefix = `EXPLAIN (FORMAT JSON${analyze ? ", ANALYZE" : ""}) `;
  const writes = statement.kind !== "SelectStmt" || WRITING_WORDS.test(statement.text);
  return {
    sql: prefix + statement.text,
    offset: start - prefix.length,
    statementStarts: [prefix.length],
    flagged: analyze && writes ? [{ text: statement.text, destructive: "analyze-executes" }] : [],
  };
}
