import { loadModule, scanSync } from "libpg-query";

let loaded: Promise<void> | null = null;

export interface SqlStatement {
  text: string;
  /** Character offset of the statement in the submitted text (for error positions). */
  offset: number;
}

/**
 * Splits SQL into statements at top-level semicolons using PostgreSQL's own scanner, so semicolons
 * inside strings, dollar quotes, identifiers and comments stay put. Text the scanner rejects (an
 * unterminated string, say) is sent whole, for the database to report its error with a position.
 */
export async function splitSql(sql: string): Promise<SqlStatement[]> {
  loaded ??= loadModule();
  await loaded;
  let tokens: ReturnType<typeof scanSync>["tokens"];
  try {
    tokens = scanSync(sql).tokens;
  } catch {
    return sql.trim() ? [{ text: sql, offset: 0 }] : [];
  }
  // The scanner reports byte offsets; map them back to character offsets for non-ASCII text.
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
    if (token.tokenType === 59) {
      push(token.start);
      start = token.end;
    } else if (token.tokenName !== "SQL_COMMENT" && token.tokenName !== "C_COMMENT") {
      meaningful = true;
    }
  }
  push(bytes.length);
  return statements;
}
