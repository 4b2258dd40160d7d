import { parse } from "dotenv";
import type { ExportFormat } from "../contract/secrets.ts";

export interface EnvEntry {
  key: string;
  value: string;
}

/**
 * Reads a .env text with the `dotenv` package's own parser (comments, `export ` prefixes, single,
 * double and backtick quotes, multi-line quoted values, `\n` and `\r` in double quotes), in the
 * order the keys first appear; a key given twice keeps its last value, as dotenv does.
 */
export function parseDotenv(content: string): EnvEntry[] {
  return Object.entries(parse(content)).map(([key, value]) => ({ key, value }));
}

/** Thrown when some value cannot be written in a format so that it reads back unchanged. */
export class UnrepresentableValue extends Error {
  override name = "UnrepresentableValue";
  constructor(readonly keys: string[]) {
    super(`These values cannot be written as dotenv without changing them: ${keys.join(", ")}. Use --format json.`);
  }
}

const CHECK_KEY = "__DOTENV_ROUND_TRIP_CHECK__";

/**
 * The quoted forms tried for a dotenv value, most readable first. dotenv keeps everything between
 * single quotes or backticks as it is, and in double quotes turns `\n` and `\r` into line breaks;
 * which form survives depends on the quotes and backslashes a value holds, so each candidate is
 * read back with dotenv itself (followed by another line) and the first that returns the value
 * byte for byte is used. Double quotes come first only for values without quotes or backslashes,
 * which other dotenv readers (python-dotenv, Docker Compose) treat alike.
 */
function dotenvCandidates(value: string): string[] {
  const plain = !/["\\$`]/.test(value);
  return [
    ...(plain ? [`"${value}"`] : []),
    `'${value}'`,
    `\`${value}\``,
    `"${value}"`,
    `"${value.replaceAll("\r", "\\r").replaceAll("\n", "\\n")}"`,
  ];
}

function dotenvLine(key: string, value: string): string | null {
  for (const quoted of dotenvCandidates(value)) {
    const line = `${key}=${quoted}`;
    const back = parse(`${line}\n${CHECK_KEY}=1\n`);
    if (back[key] === value && back[CHECK_KEY] === "1" && Object.keys(back).length === 2) return line;
  }
  return null;
}

/** POSIX single quotes keep every byte; a single quote itself is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The secrets as a file in `format`: dotenv (every value quoted, so multi-line values survive),
 * json (one object) or shell (`export KEY='…'` lines for `eval`). Keys are valid identifiers by
 * the contract, so they are written as they are.
 */
export function formatEnv(entries: readonly EnvEntry[], format: ExportFormat): string {
  if (format === "json") {
    return `${JSON.stringify(Object.fromEntries(entries.map((e) => [e.key, e.value])), null, 2)}\n`;
  }
  if (format === "shell") {
    return entries.map((e) => `export ${e.key}=${shellQuote(e.value)}\n`).join("");
  }
  const lines: string[] = [];
  const failed: string[] = [];
  for (const { key, value } of entries) {
    const line = dotenvLine(key, value);
    if (line === null) failed.push(key);
    else lines.push(`${line}\n`);
  }
  if (failed.length > 0) throw new UnrepresentableValue(failed);
  const text = lines.join("");
  // The lines were checked one by one; reading the whole file back guards their sum.
  const back = parse(text);
  if (
    entries.some((e) => back[e.key] !== e.value) ||
    Object.keys(back).length !== new Set(entries.map((e) => e.key)).size
  ) {
    throw new UnrepresentableValue(entries.filter((e) => back[e.key] !== e.value).map((e) => e.key));
  }
  return text;
}
