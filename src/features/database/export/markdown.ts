import { formatCell } from "../format-cell";

/** A cell's text in a Markdown table: pipes escaped, line breaks as <br>, NULL empty. */
function markdownCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  return formatCell(value).replaceAll("\\", "\\\\").replaceAll("|", "\\|").replace(/\r?\n/g, "<br>");
}

/** The grid as a GitHub-flavoured Markdown table, numbers right-aligned. */
export function rowsToMarkdown(columns: string[], rows: unknown[][]): string {
  const numeric = columns.map(
    (_, i) => rows.length > 0 && rows.every((r) => r[i] === null || typeof r[i] === "number"),
  );
  const head = `| ${columns.map(markdownCell).join(" | ")} |`;
  const rule = `| ${numeric.map((n) => (n ? "--:" : "---")).join(" | ")} |`;
  const body = rows.map((row) => `| ${columns.map((_, i) => markdownCell(row[i])).join(" | ")} |`);
  return [head, rule, ...body].join("\n");
}
