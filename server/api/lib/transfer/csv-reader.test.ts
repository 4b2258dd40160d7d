import { describe, expect, it } from "vitest";
import { CsvReader, readCsv } from "./csv-reader.ts";

const values = (text: string, delimiter = ",") => readCsv(text, delimiter).map((r) => [r.line, r.values]);

describe("CSV reader", () => {
  it("reads quoted fields with delimiters, doubled quotes and line breaks, naming each record's first line", () => {
    expect(values('a,b\n1,"x, ""y""\nz"\r\n\n2,\r3,""')).toEqual([
      [1, ["a", "b"]],
      [2, ["1", 'x, "y"\nz']],
      [5, ["2", null]],
      [6, ["3", ""]],
    ]);
    expect(values("\uFEFFa;b\n1;2", ";")).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
  });

  it("gives the same records whatever the chunks", () => {
    const text = 'id,name\n1,"multi\nline ""q"""\n2,plain\r\n3,\n';
    const whole = readCsv(text, ",");
    for (let size = 1; size <= 7; size++) {
      const reader = new CsvReader(",");
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
      out.push(...reader.end());
      expect(out).toEqual(whole);
    }
  });

  it("refuses malformed CSV with the line", () => {
    const refusal = (text: string) => {
      try {
        readCsv(text, ",");
        return null;
      } catch (error) {
        return [(error as { details?: { line?: number } }).details?.line, (error as { code?: string }).code];
      }
    };
    expect(refusal('a,b\n1,2\n3,"x\n')).toEqual([3, "IMPORT_CSV_MALFORMED"]);
    expect(refusal("a,b\n1,2\n3\n")).toEqual([3, "IMPORT_CSV_MALFORMED"]);
    expect(refusal('a,b\n1,x"y\n')).toEqual([2, "IMPORT_CSV_MALFORMED"]);
    expect(refusal('a,b\n1,"x"y\n')).toEqual([2, "IMPORT_CSV_MALFORMED"]);
  });

  it("names why the CSV is malformed, with both field counts for a short or long record", () => {
    const details = (text: string) => {
      try {
        readCsv(text, ",");
        return null;
      } catch (error) {
        return (error as { details?: Record<string, unknown> }).details;
      }
    };
    expect(details('a,b\n1,"x\n')).toEqual({ line: 2, reason: "QUOTE_NOT_CLOSED" });
    expect(details("a,b\n1,2,3\n")).toEqual({ line: 2, reason: "RECORD_WIDTH", fields: 3, expected: 2 });
    expect(details('a,b\n1,x"y\n')).toMatchObject({ line: 2, reason: "INVALID_QUOTE" });
    expect(details('a,b\n1,"x"y\n')).toMatchObject({ line: 2, reason: "TEXT_AFTER_QUOTE" });
  });
});
