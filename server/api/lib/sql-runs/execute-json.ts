import type { SqlError } from "../../../contract/sql.ts";
import type { ExecuteSink } from "./sql-executor.ts";

/**
 * Writes a run as the app API's `[ExecuteResponse, null]` answer while it goes, so the first rows
 * leave before the last are read and memory holds one batch at a time. Whoever parses the whole
 * body sees exactly the JSON a buffered answer would have had (key order aside).
 */
export function executeJsonWriter(
  write: (chunk: string) => Promise<void>,
  head: { executionId: string; readOnly: boolean },
): ExecuteSink & { open(): Promise<void>; close(error: SqlError | null): Promise<void> } {
  let results = 0;
  let rowsInResult = 0;
  let resultOpen = false;
  let columnsSent = false;
  return {
    open: () => write(`[{"executionId":${JSON.stringify(head.executionId)},"readOnly":${head.readOnly},"results":[`),
    async resultStart({ statement, columns }) {
      const lead = results > 0 ? "," : "";
      const cols = columns ? `"columns":${JSON.stringify(columns)},` : "";
      results++;
      rowsInResult = 0;
      resultOpen = true;
      columnsSent = columns !== null;
      await write(`${lead}{"statement":${JSON.stringify(statement)},${cols}"rows":[`);
    },
    async rows(batch) {
      const lead = rowsInResult > 0 ? "," : "";
      rowsInResult += batch.length;
      await write(lead + JSON.stringify(batch).slice(1, -1));
    },
    async resultEnd({ columns, rowCount, command, durationMs, truncated }) {
      resultOpen = false;
      const cols = columns ? `,"columns":${JSON.stringify(columns)}` : "";
      await write(`]${cols},${JSON.stringify({ rowCount, command, durationMs, truncated }).slice(1, -1)}}`);
    },
    async close(error) {
      // A statement that failed after sending rows keeps them, flagged as cut short; the error
      // names it by index.
      const cut = resultOpen
        ? `]${columnsSent ? "" : ',"columns":[]'},"rowCount":null,"command":"","durationMs":0,"truncated":true}`
        : "";
      resultOpen = false;
      await write(`${cut}],"error":${JSON.stringify(error)}},null]`);
    },
  };
}
