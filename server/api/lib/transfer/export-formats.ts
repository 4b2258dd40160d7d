import { stringify } from "csv-stringify/sync";
import pg from "pg";
import type { ExportFormat } from "../../../contract/db-export.ts";

export interface ExportColumn {
  name: string;
  /** The column's type oid, which decides how a value is written in SQL. */
  typeOid: number;
}

/**
 * Turns batches of rows into the text of an export file. Rows arrive as PostgreSQL's text form of
 * each value (CSV, SQL) or as the grid's values (JSON: numbers, booleans, parsed JSON, the rest as
 * text), and leave as one string per batch, so memory holds a batch at a time.
 */
export interface ExportWriter {
  head(): string;
  rows(batch: unknown[][]): string;
  tail(): string;
  /** Which values the writer wants: PostgreSQL's text (`text`) or the grid's JSON values (`json`). */
  values: "text" | "json";
}

/** Types written bare in SQL: their text form is a valid numeric or boolean literal. */
const NUMERIC_OIDS = new Set([20, 21, 23, 26, 700, 701, 1700]);
const BOOL_OID = 16;

/** CSV: NULL is an empty field and an empty string `""`, so both survive a round trip (COPY reads them so). */
const csvCast = { string: (value: string) => (value === "" ? { value: '""', quote: false } : value) };

function csvWriter(columns: ExportColumn[]): ExportWriter {
  return {
    values: "text",
    head: () => stringify([columns.map((c) => c.name)]),
    rows: (batch) => stringify(batch, { cast: csvCast }),
    tail: () => "",
  };
}

/** Object keys must differ: a repeated column name (`SELECT 1 AS a, 2 AS a`) gets a suffix. */
function uniqueKeys(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let key = name;
    for (let n = 2; seen.has(key); n++) key = `${name}_${n}`;
    seen.add(key);
    return key;
  });
}

function jsonWriter(columns: ExportColumn[]): ExportWriter {
  const keys = uniqueKeys(columns.map((c) => c.name)).map((k) => JSON.stringify(k));
  let first = true;
  return {
    values: "json",
    head: () => "[",
    rows(batch) {
      let out = "";
      for (const row of batch) {
        out += first ? "\n{" : ",\n{";
        first = false;
        for (let i = 0; i < keys.length; i++) {
          out += `${i ? "," : ""}${keys[i]}:${JSON.stringify(row[i] ?? null)}`;
        }
        out += "}";
      }
      return out;
    },
    tail: () => (first ? "]\n" : "\n]\n"),
  };
}

function sqlLiteral(value: unknown, typeOid: number): string {
  if (value === null || value === undefined) return "NULL";
  const text = String(value);
  if (typeOid === BOOL_OID) return text === "t" ? "TRUE" : "FALSE";
  // NaN and Infinity are numeric values without a bare literal.
  if (NUMERIC_OIDS.has(typeOid) && /^-?[0-9]/.test(text)) return text;
  // escapeLiteral writes " E'…'" (with a space) when the text has a backslash.
  return pg.escapeLiteral(text).trimStart();
}

function sqlWriter(columns: ExportColumn[], target: string): ExportWriter {
  const prefix = `INSERT INTO ${target} (${columns.map((c) => pg.escapeIdentifier(c.name)).join(", ")}) VALUES (`;
  return {
    values: "text",
    head: () => "",
    rows(batch) {
      let out = "";
      for (const row of batch) {
        out += prefix;
        for (let i = 0; i < columns.length; i++) {
          out += `${i ? ", " : ""}${sqlLiteral(row[i], (columns[i] as ExportColumn).typeOid)}`;
        }
        out += ");\n";
      }
      return out;
    },
    tail: () => "",
  };
}

/** `target` is the already quoted table the SQL format inserts into. */
export function exportWriter(format: ExportFormat, columns: ExportColumn[], target: string): ExportWriter {
  if (format === "json") return jsonWriter(columns);
  if (format === "sql") return sqlWriter(columns, target);
  return csvWriter(columns);
}
