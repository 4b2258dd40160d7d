import { type ScriptStatement, type SqlStatement, splitStatements } from "../../../sql/pg-statements.ts";
import { apiError } from "../core/api-error.ts";

/** What a viewer may run: reads. EXPLAIN and SHOW change nothing; the transaction refuses any write a read hides. */
const READ_KINDS = new Set(["SelectStmt", "ExplainStmt", "VariableShowStmt"]);

/**
 * Refuses a viewer's SQL unless every statement is a SELECT, EXPLAIN or SHOW, as PostgreSQL's own
 * parser reads it (comments and quoting cannot hide a statement). It then runs in a READ ONLY
 * transaction, so a function with side effects called from a SELECT cannot write either. Answers the
 * statements as the run takes them, so the text is parsed once.
 */
export async function requireReadOnlySql(
  sql: string,
  split: (script: string) => Promise<readonly ScriptStatement[]> = splitStatements,
): Promise<SqlStatement[]> {
  let statements: readonly ScriptStatement[];
  try {
    statements = await split(sql);
  } catch {
    // Text the parser cannot read might be anything: a viewer's run stops here.
    throw refused(0);
  }
  const index = statements.findIndex((statement) => !READ_KINDS.has(statement.kind));
  if (index >= 0) throw refused(index);
  return statements.map((s) => ({ text: s.text, offset: s.start }));
}

const refused = (statementIndex: number) =>
  apiError(
    "SQL_READ_ONLY_ROLE",
    "A viewer may only run SELECT, EXPLAIN and SHOW statements; ask a team admin for the developer role.",
    { statementIndex, role: "developer" },
  );
