import { describe, expect, it } from "vitest";
import { asciiSource } from "./ascii-source.mjs";

/** Evaluates a module body's default export, as the bundle would be. */
function run(source: string): unknown {
  return new Function(`${source}; return value;`)();
}

describe("asciiSource", () => {
  const cases: Array<[string, string]> = [
    ["a string", 'const value = "caf\u00e9 \u2026";'],
    ["a regular expression", "const value = /(ns|\u00b5s|ms)/.exec('3\u00b5s')?.[1];"],
    ["a class of characters", "const value = /^[\u00e0-\u00fc]+$/.test('\u00fcber');"],
    [
      "an astral character under the u flag",
      "const value = /^.$/u.test('\u{1F600}') && /\u{1F600}/u.test('x\u{1F600}');",
    ],
    // The placeholder is put together from two parts: written whole, the linter would take it for a mistake.
    ["a template", `const value = \`\u00e9${"$"}{1}\u2014\`;`],
    ["a comment", "// caf\u00e9 \u2026\nconst value = 1; /* \u2014 */"],
  ];
  it.each(cases)("keeps the meaning of %s and leaves only ASCII", (_name, source) => {
    const escaped = asciiSource(source);
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    expect(run(escaped)).toEqual(run(source));
  });

  it("refuses a character it could not escape without changing the meaning", () => {
    expect(() => asciiSource("const value = /\\\u00e9/;")).toThrow(/after a backslash at line 1/);
  });

  it("leaves an ASCII source as it is", () => {
    const source = 'const value = "plain";\n';
    expect(asciiSource(source)).toBe(source);
  });
});
