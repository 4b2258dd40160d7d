import pg from "pg";
import { libpgQuery } from "../../../sql/libpg-query.ts";
import { apiError } from "../core/api-error.ts";

/** A statement of a restored file as the checks below need it. */
export interface ParsedStatement {
  /** The parse node's kind, e.g. CreateStmt. */
  kind: string;
  node: Record<string, unknown>;
  /** COPY … FROM stdin: the quoted relation and its listed columns (none: all of them). */
  copyFromStdin: boolean;
  copyRelation?: string;
  copyColumns?: string[];
  copyHasOptions?: boolean;
}

/**
 * Statements that would reach past the database a file is restored into: other databases, roles,
 * the cluster's settings or files, a transaction of their own (the restore is one transaction),
 * another role's rights, an outbound connection. On PostgreSQL a managed database's role could not
 * run most of them anyway; on PGlite the cluster is the tenant's own, and these are refused here.
 */
const REFUSED = new Set([
  "CreatedbStmt",
  "DropdbStmt",
  "AlterDatabaseStmt",
  "AlterDatabaseSetStmt",
  "AlterDatabaseRefreshCollStmt",
  "CreateRoleStmt",
  "AlterRoleStmt",
  "AlterRoleSetStmt",
  "DropRoleStmt",
  "GrantRoleStmt",
  "ReassignOwnedStmt",
  "AlterSystemStmt",
  "TransactionStmt",
  "CreateTableSpaceStmt",
  "DropTableSpaceStmt",
  "AlterTableSpaceOptionsStmt",
  "LoadStmt",
  "CheckPointStmt",
  "CreateSubscriptionStmt",
  "AlterSubscriptionStmt",
  "DropSubscriptionStmt",
  "CreateForeignServerStmt",
  "CreateUserMappingStmt",
  "ImportForeignSchemaStmt",
]);
/** Extensions that open connections or read the server's files. */
const REFUSED_EXTENSIONS = new Set(["dblink", "postgres_fdw", "file_fdw", "adminpack", "pg_read_all_data"]);
/** Settings that change who the session is. */
const REFUSED_SETTINGS = new Set(["role", "session_authorization"]);

type Node = Record<string, unknown>;

/**
 * Parses one statement of the file with PostgreSQL's parser; null when it holds only comments. A
 * syntax error is the statement's failure, named by its line.
 */
export async function parseRestoreStatement(text: string, line: number): Promise<ParsedStatement | null> {
  const { parse } = await libpgQuery();
  let tree: { stmts?: Array<{ stmt: Record<string, Node> }> };
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (error) {
    const reason = (error as Error).message;
    throw apiError("RESTORE_STATEMENT_FAILED", `Line ${line}: ${reason}`, { line, sqlState: "42601", reason });
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0) return null;
  if (stmts.length > 1) throw new Error("the script reader handed over more than one statement");
  const [kind, node] = Object.entries(stmts[0]?.stmt ?? {})[0] ?? ["Unknown", {}];
  const parsed: ParsedStatement = { kind, node, copyFromStdin: false };
  if (kind === "CopyStmt" && node.is_from === true && !node.filename && !node.is_program && node.relation) {
    const relation = node.relation as { schemaname?: string; relname: string };
    parsed.copyFromStdin = true;
    parsed.copyRelation = `${relation.schemaname ? `${pg.escapeIdentifier(relation.schemaname)}.` : ""}${pg.escapeIdentifier(relation.relname)}`;
    parsed.copyColumns = ((node.attlist as Array<{ String: { sval: string } }> | undefined) ?? []).map(
      (c) => c.String.sval,
    );
    parsed.copyHasOptions = Array.isArray(node.options) && node.options.length > 0;
  }
  return parsed;
}

/** Why a statement is not run in a restore (the refused kind), or null. */
export function refusedKind(statement: ParsedStatement, engine: "pglite" | "postgres"): string | null {
  const { kind, node } = statement;
  if (REFUSED.has(kind)) return kind;
  // Only COPY … FROM stdin reads the file's own rows; a file name or program is the server's.
  if (kind === "CopyStmt" && !statement.copyFromStdin) return "CopyStmt (not FROM stdin)";
  // PGlite's rows go in as INSERTs (restoreSql): COPY's text format only.
  if (kind === "CopyStmt" && engine === "pglite" && statement.copyHasOptions) return "CopyStmt (with options)";
  if (kind === "CreateExtensionStmt" && REFUSED_EXTENSIONS.has(String(node.extname))) {
    return `CreateExtensionStmt (${String(node.extname)})`;
  }
  if (kind === "VariableSetStmt" && REFUSED_SETTINGS.has(String(node.name)))
    return `VariableSetStmt (${String(node.name)})`;
  return null;
}
