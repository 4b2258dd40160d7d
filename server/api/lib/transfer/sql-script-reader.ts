import { apiError } from "../core/api-error.ts";

/** What a plain SQL file holds, in order: statements, and the rows of a COPY … FROM stdin. */
export type ScriptItem =
  | { kind: "statement"; text: string; line: number }
  | { kind: "copyRow"; text: string; line: number }
  | { kind: "copyEnd"; line: number };

/** pg_dump (15.14+, 16.10+, 17.6+) fences its output with these; they change nothing when run here. */
const HARMLESS_META = /^\\(restrict|unrestrict)(\s|$)/;

type Lexer = "code" | "quote" | "equote" | "ident" | "dollar" | "block";

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/**
 * Reads a plain SQL file (pg_dump's plain format, or any psql script without meta-commands) from a
 * byte stream, a line at a time: memory holds one statement (at most `maxStatementBytes`) or one
 * COPY row, never the file. Statements end at a `;` outside strings, quoted names, dollar quotes and
 * comments, as psql splits them (standard_conforming_strings on, as every dump since 9.1 sets it).
 * After a statement, the consumer calls `startCopy()` when it was a COPY … FROM stdin: the lines up
 * to `\.` are then its rows. A psql meta-command (a line starting with `\`) other than pg_dump's
 * \restrict fence is refused: `\connect`, `\!`, `\i`, `\copy` and the like would reach past the
 * database. A file that is not UTF-8 text, or is a pg_dump archive, is refused before it runs.
 */
export class SqlScriptReader {
  bytes = 0;
  private copying = false;

  constructor(
    private readonly body: ReadableStream<Uint8Array>,
    private readonly limits: { maxBytes: number; maxStatementBytes: number },
  ) {}

  /** The statement just read was a COPY … FROM stdin: the next lines are its rows. */
  startCopy(): void {
    this.copying = true;
  }

  async *items(): AsyncGenerator<ScriptItem> {
    let buffer = "";
    let startLine = 0;
    let state: Lexer = "code";
    let dollarTag = "";
    let depth = 0;
    let lineNo = 0;
    for await (const line of this.lines()) {
      lineNo++;
      if (this.copying) {
        if (line === "\\.") {
          this.copying = false;
          yield { kind: "copyEnd", line: lineNo };
        } else yield { kind: "copyRow", text: line, line: lineNo };
        continue;
      }
      if (startLine === 0 && state === "code" && line.trimStart().startsWith("\\")) {
        if (HARMLESS_META.test(line.trimStart())) continue;
        const command = /^\\[^\s]*/.exec(line.trimStart())?.[0] ?? "\\";
        throw apiError("RESTORE_STATEMENT_REFUSED", `Line ${lineNo}: psql's ${command} is not run here.`, {
          line: lineNo,
          kind: command,
        });
      }
      let from = 0;
      let i = 0;
      const statements: Array<{ text: string; line: number }> = [];
      while (i < line.length) {
        const ch = line[i] as string;
        if (state === "code") {
          if (ch === "-" && line[i + 1] === "-") break;
          if (ch === "/" && line[i + 1] === "*") {
            state = "block";
            depth = 1;
            i += 2;
            continue;
          }
          if (!/\s/.test(ch) && startLine === 0) startLine = lineNo;
          if (ch === "'") {
            const before = line[i - 1];
            state = (before === "E" || before === "e") && !IDENT_CHAR.test(line[i - 2] ?? " ") ? "equote" : "quote";
          } else if (ch === '"') state = "ident";
          else if (ch === "$" && !IDENT_CHAR.test(line[i - 1] ?? " ")) {
            DOLLAR_TAG.lastIndex = i;
            const tag = DOLLAR_TAG.exec(line);
            if (tag) {
              state = "dollar";
              dollarTag = tag[0];
              i += tag[0].length;
              continue;
            }
          } else if (ch === ";") {
            statements.push({ text: buffer + line.slice(from, i + 1), line: startLine });
            buffer = "";
            from = i + 1;
            startLine = 0;
          }
          i++;
        } else if (state === "quote" || state === "equote") {
          if (state === "equote" && ch === "\\") i += 2;
          else if (ch === "'") {
            if (line[i + 1] === "'") i += 2;
            else {
              state = "code";
              i++;
            }
          } else i++;
        } else if (state === "ident") {
          if (ch === '"' && line[i + 1] === '"') i += 2;
          else {
            if (ch === '"') state = "code";
            i++;
          }
        } else if (state === "dollar") {
          if (line.startsWith(dollarTag, i)) {
            state = "code";
            i += dollarTag.length;
          } else i++;
        } else {
          if (ch === "/" && line[i + 1] === "*") {
            depth++;
            i += 2;
          } else if (ch === "*" && line[i + 1] === "/") {
            depth--;
            if (depth === 0) state = "code";
            i += 2;
          } else i++;
        }
      }
      buffer += `${line.slice(from)}\n`;
      if (startLine === 0 && state === "code") buffer = ""; // blank lines and comments between statements
      if (buffer.length > this.limits.maxStatementBytes) {
        throw apiError("RESTORE_STATEMENT_TOO_LARGE", `The statement on line ${startLine || lineNo} is too large.`, {
          line: startLine || lineNo,
          maxBytes: this.limits.maxStatementBytes,
        });
      }
      for (const statement of statements) {
        yield { kind: "statement", ...statement };
        // A COPY's rows start on the next line; the rest of this one is not SQL.
        if (this.copying) break;
      }
    }
    if (this.copying)
      throw apiError("RESTORE_NOT_SQL", "The file ends inside COPY data.", { format: "unterminated", line: lineNo });
    if (state !== "code") {
      throw apiError("RESTORE_NOT_SQL", `The file ends inside the statement on line ${startLine}.`, {
        format: "unterminated",
        line: startLine || lineNo,
      });
    }
    // psql runs a last statement without its semicolon too.
    if (startLine !== 0) yield { kind: "statement", text: buffer, line: startLine };
  }

  /** The body's lines (without their \n or \r\n), checked to be text and counted against the limit. */
  private async *lines(): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const reader = this.body.getReader();
    let pending = "";
    let first = true;
    let lineNo = 1;
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.bytes += value.byteLength;
        if (this.bytes > this.limits.maxBytes) {
          throw apiError("IMPORT_TOO_LARGE", `The file is larger than ${this.limits.maxBytes} bytes.`, {
            maxBytes: this.limits.maxBytes,
          });
        }
        if (first && value.byteLength >= 5 && Buffer.from(value.subarray(0, 5)).toString("latin1") === "PGDMP") {
          throw apiError("RESTORE_NOT_SQL", "This is a pg_dump archive, not plain SQL.", { format: "custom" });
        }
        first = false;
        /** The line of the chunk's byte `at`: the lines before the chunk and its newlines before `at`. */
        const lineAt = (at: number) => lineNo + value.subarray(0, Math.max(at, 0)).filter((b) => b === 10).length;
        const nul = value.indexOf(0);
        if (nul !== -1) {
          throw apiError("RESTORE_NOT_SQL", "The file holds binary data.", { format: "binary", line: lineAt(nul) });
        }
        let text: string;
        try {
          text = decoder.decode(value, { stream: true });
        } catch {
          // Where the bytes stop being UTF-8: the first replacement character of a lenient decoding.
          const lenient = new TextDecoder().decode(value);
          const bad = new TextEncoder().encode(lenient.slice(0, lenient.indexOf("\uFFFD"))).length;
          throw apiError("RESTORE_NOT_SQL", "The file is not UTF-8 text.", { format: "encoding", line: lineAt(bad) });
        }
        pending += text;
        let start = 0;
        let newline = pending.indexOf("\n");
        while (newline !== -1) {
          const line = pending.slice(start, newline);
          start = newline + 1;
          lineNo++;
          yield line.endsWith("\r") ? line.slice(0, -1) : line;
          newline = pending.indexOf("\n", start);
        }
        pending = pending.slice(start);
        if (pending.length > this.limits.maxStatementBytes) {
          throw apiError("RESTORE_STATEMENT_TOO_LARGE", `Line ${lineNo} is too long.`, {
            line: lineNo,
            maxBytes: this.limits.maxStatementBytes,
          });
        }
      }
      try {
        pending += decoder.decode();
      } catch {
        throw apiError("RESTORE_NOT_SQL", "The file is not UTF-8 text.", { format: "encoding", line: lineNo });
      }
      if (pending !== "") yield pending.endsWith("\r") ? pending.slice(0, -1) : pending;
      finished = true;
    } finally {
      // Whatever stopped the reading, the rest of the upload is read and dropped (up to the limit),
      // so the client, still sending, gets the answer rather than a broken connection.
      if (!finished) await drain(reader, this.limits.maxBytes - this.bytes);
      reader.releaseLock();
    }
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  try {
    for (let left = budget; left >= 0; ) {
      const chunk = await reader.read();
      if (chunk.done) return;
      left -= chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A client that went away: nothing left to drop.
  }
}
