const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/**
 * One row of COPY's text format (what pg_dump writes): tab-separated values, `\N` for null,
 * backslash escapes (\t, \n, \\, octal \123, hex \x41) as PostgreSQL reads them.
 */
export function decodeCopyText(line: string): Array<string | null> {
  const values: Array<string | null> = [];
  let value = "";
  let raw = "";
  for (let i = 0; i <= line.length; i++) {
    const ch = line[i];
    if (ch === undefined || ch === "\t") {
      values.push(raw === "\\N" ? null : value);
      value = "";
      raw = "";
      continue;
    }
    if (ch !== "\\") {
      value += ch;
      raw += ch;
      continue;
    }
    const next = line[i + 1];
    if (next === undefined) {
      value += "\\";
      raw += "\\";
      continue;
    }
    raw += ch + next;
    i++;
    if (next in ESCAPES) value += ESCAPES[next];
    else if (/[0-7]/.test(next)) {
      let digits = next;
      while (digits.length < 3 && /[0-7]/.test(line[i + 1] ?? "")) digits += line[++i];
      value += String.fromCharCode(Number.parseInt(digits, 8));
    } else if (next === "x" && /[0-9A-Fa-f]/.test(line[i + 1] ?? "")) {
      let digits = line[++i] as string;
      if (/[0-9A-Fa-f]/.test(line[i + 1] ?? "")) digits += line[++i];
      value += String.fromCharCode(Number.parseInt(digits, 16));
    } else value += next;
  }
  return values;
}
