import { execFileSync } from "node:child_process";
import { parse } from "dotenv";
import { describe, expect, it } from "vitest";
import { AWKWARD } from "../../tests/helpers/awkward-values.ts";
import { formatEnv, parseDotenv, shellQuote, UnrepresentableValue } from "./env-format.ts";

describe("formatEnv dotenv", () => {
  it("writes every awkward value so that dotenv reads it back byte for byte", () => {
    const text = formatEnv(AWKWARD, "dotenv");
    expect(parse(text)).toEqual(Object.fromEntries(AWKWARD.map((e) => [e.key, e.value])));
    expect(parseDotenv(text)).toEqual(AWKWARD);
    // Every value is quoted; plain ones in double quotes.
    expect(text).toContain('UNICODE="Grüße, 東京 🎉 \u00a0nbsp"\n');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is what the value must keep
    expect(text).toContain("DOLLAR='$HOME and ${PATH:-/bin}'\n");
  });

  it("refuses, naming the key, a value no dotenv quoting can carry", () => {
    const impossible = { key: "NOPE", value: "`'\"\\n\r" };
    expect(() => formatEnv([impossible], "dotenv")).toThrow(UnrepresentableValue);
    try {
      formatEnv([{ key: "OK", value: "x" }, impossible], "dotenv");
    } catch (error) {
      expect((error as UnrepresentableValue).keys).toEqual(["NOPE"]);
    }
  });
});

describe("formatEnv json and shell", () => {
  it("json is one object that parses back", () => {
    expect(JSON.parse(formatEnv(AWKWARD, "json"))).toEqual(Object.fromEntries(AWKWARD.map((e) => [e.key, e.value])));
  });

  it("shell lines evaluated by sh give back every value", () => {
    const script = `${formatEnv(AWKWARD, "shell")}for k in ${AWKWARD.map((e) => e.key).join(" ")}; do eval "printf '%s\\\\0' \\"\\$$k\\""; done`;
    const out = execFileSync("sh", ["-c", script], { encoding: "utf8" });
    expect(out.split("\0").slice(0, -1)).toEqual(AWKWARD.map((e) => e.value));
  });

  it("shellQuote closes and reopens around single quotes", () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});

describe("parseDotenv", () => {
  it("reads comments, export, quotes and CRLF files in order; the last of a repeated key wins", () => {
    const text = "# comment\r\nexport A=1\r\nB = \"two words\" # note\r\nC='x\ny'\r\nA=3\r\n";
    expect(parseDotenv(text)).toEqual([
      { key: "A", value: "3" },
      { key: "B", value: "two words" },
      { key: "C", value: "x\ny" },
    ]);
  });
});
