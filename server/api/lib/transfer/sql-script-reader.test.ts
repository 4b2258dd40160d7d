import { describe, expect, it } from "vitest";
import { isHttpError } from "../../../lib/errors.ts";
import { decodeCopyText } from "./copy-text.ts";
import { type ScriptItem, SqlScriptReader } from "./sql-script-reader.ts";

/** The file in chunks of `chunk` bytes, so statements and characters are cut at every place. */
function body(text: string | Uint8Array, chunk = 7): ReadableStream<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

async function read(text: string | Uint8Array, limits = { maxBytes: 1 << 20, maxStatementBytes: 1 << 16 }) {
  const reader = new SqlScriptReader(body(text), limits);
  const items: ScriptItem[] = [];
  for await (const item of reader.items()) {
    items.push(item);
    if (item.kind === "statement" && /^\s*COPY .* FROM stdin;\s*$/i.test(item.text)) reader.startCopy();
  }
  return items;
}

async function refusal(text: string | Uint8Array, limits?: { maxBytes: number; maxStatementBytes: number }) {
  try {
    await read(text, limits);
  } catch (error) {
    if (isHttpError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("read without a refusal");
}

describe("SqlScriptReader", () => {
  it("splits at semicolons outside strings, quoted names, dollar quotes and comments, with lines", async () => {
    const items = await read(
      [
        "-- a comment; not a statement",
        "SELECT 'a;b', \"c;d\", E'e\\';f' ; SELECT 2;",
        "/* block; /* nested; */ still */",
        "CREATE FUNCTION f() RETURNS int AS $x$ SELECT 1; $x$ LANGUAGE sql;",
        "",
        "SELECT $$;$$",
        "  -- trailing",
      ].join("\n"),
    );
    expect(items.map((i) => (i.kind === "statement" ? [i.line, i.text.trim()] : i))).toEqual([
      [2, "SELECT 'a;b', \"c;d\", E'e\\';f' ;"],
      [2, "SELECT 2;"],
      [4, "CREATE FUNCTION f() RETURNS int AS $x$ SELECT 1; $x$ LANGUAGE sql;"],
      [6, "SELECT $$;$$\n  -- trailing"],
    ]);
  });

  it("hands over COPY rows up to \\. and goes on after them", async () => {
    const items = await read("COPY t (a) FROM stdin;\n1\tx;y\n\\N\n\\.\nSELECT 1;\r\n");
    expect(items).toEqual([
      { kind: "statement", text: "COPY t (a) FROM stdin;", line: 1 },
      { kind: "copyRow", text: "1\tx;y", line: 2 },
      { kind: "copyRow", text: "\\N", line: 3 },
      { kind: "copyEnd", line: 4 },
      { kind: "statement", text: "SELECT 1;", line: 5 },
    ]);
  });

  it("skips pg_dump's \\restrict fence and refuses every other meta-command", async () => {
    expect(await read("\\restrict k\nSELECT 1;\n\\unrestrict k\n")).toHaveLength(1);
    expect(await refusal("SELECT 1;\n  \\copy t from '/etc/passwd'\n")).toEqual({
      code: "RESTORE_STATEMENT_REFUSED",
      details: { line: 2, kind: "\\copy" },
    });
  });

  it("refuses binary, non-UTF-8, archives, unterminated text and what is too large", async () => {
    expect(await refusal(new Uint8Array([0x53, 0x45, 0, 0x4c]))).toMatchObject({ details: { format: "binary" } });
    expect(await refusal(new Uint8Array([0x53, 0x0a, 0xff, 0xfe]))).toMatchObject({
      details: { format: "encoding", line: 2 },
    });
    expect(await refusal("PGDMP\u0001")).toMatchObject({ details: { format: "custom" } });
    expect(await refusal("SELECT 1;\nSELECT $a$ open\n")).toEqual({
      code: "RESTORE_NOT_SQL",
      details: { format: "unterminated", line: 2 },
    });
    expect(await refusal(`SELECT '${"x".repeat(200)}';`, { maxBytes: 1 << 20, maxStatementBytes: 100 })).toMatchObject({
      code: "RESTORE_STATEMENT_TOO_LARGE",
    });
    expect(await refusal("SELECT 1;\n".repeat(50), { maxBytes: 100, maxStatementBytes: 100 })).toEqual({
      code: "IMPORT_TOO_LARGE",
      details: { maxBytes: 100 },
    });
  });
});

describe("decodeCopyText", () => {
  it("reads COPY's text format: tabs, \\N, escapes", () => {
    expect(decodeCopyText("1\t\\N\ta\\tb\\nc\\\\d\t\\101\\x42\t\\\\N\t")).toEqual([
      "1",
      null,
      "a\tb\nc\\d",
      "AB",
      "\\N",
      "",
    ]);
  });
});
