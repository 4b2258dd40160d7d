// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import { describe, expect, it } from "vitest";
import { hasSecretReference, parseSecretValue } from "./secret-references.ts";

const APP = "0b6e3f3a-8c1d-4a52-9e0f-1d2c3b4a5f60";

describe("parseSecretValue", () => {
  it("reads the three forms of a reference between text", () => {
    expect(parseSecretValue(`postgres://\${DB_USER}@\${staging.DB_HOST}/\${${APP}.production.DB_NAME}`)).toEqual([
      { text: "postgres://" },
      { reference: { app: null, environment: null, key: "DB_USER", text: "${DB_USER}" } },
      { text: "@" },
      { reference: { app: null, environment: "staging", key: "DB_HOST", text: "${staging.DB_HOST}" } },
      { text: "/" },
      { reference: { app: APP, environment: "production", key: "DB_NAME", text: `\${${APP}.production.DB_NAME}` } },
    ]);
  });

  it("names another app by its id in lower case", () => {
    expect(parseSecretValue(`\${${APP.toUpperCase()}.prod-eu.K}`)).toEqual([
      { reference: { app: APP, environment: "prod-eu", key: "K", text: `\${${APP.toUpperCase()}.prod-eu.K}` } },
    ]);
  });

  it("takes $${ as a literal ${ and reads no reference in it", () => {
    expect(parseSecretValue("a$${KEY}b")).toEqual([{ text: "a${KEY}b" }]);
    expect(parseSecretValue("$$${KEY}")).toEqual([{ text: "$${KEY}" }]);
    expect(parseSecretValue("$${A}${B}")).toEqual([
      { text: "${A}" },
      { reference: { app: null, environment: null, key: "B", text: "${B}" } },
    ]);
  });

  it("leaves everything that is not a reference as it is, byte for byte", () => {
    for (const value of [
      "",
      "plain",
      "$HOME and $$ and a lone $",
      "${",
      "${KEY",
      "${}",
      "${ KEY }",
      "${KEY:-default}",
      "${1KEY}",
      "${Staging.KEY}",
      "${staging.}",
      "${a.b.c.KEY}",
      "${not-a-uuid.production.KEY}",
      "$2b$10$abcdefghijklmnopqrstuv",
      "ünïcødé ${ 🙂 }",
    ]) {
      expect(parseSecretValue(value)).toEqual(value === "" ? [] : [{ text: value }]);
    }
  });

  it("reads a reference after a broken one", () => {
    expect(parseSecretValue("${${KEY}}")).toEqual([
      { text: "${" },
      { reference: { app: null, environment: null, key: "KEY", text: "${KEY}" } },
      { text: "}" },
    ]);
  });
});

describe("hasSecretReference", () => {
  it("is true only for a value with a reference", () => {
    expect(hasSecretReference("${KEY}")).toBe(true);
    expect(hasSecretReference("x${staging.KEY}y")).toBe(true);
    expect(hasSecretReference("$${KEY}")).toBe(false);
    expect(hasSecretReference("${KEY:-x}")).toBe(false);
    expect(hasSecretReference("no reference")).toBe(false);
  });
});
