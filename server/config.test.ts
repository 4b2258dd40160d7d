import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("applies the embedded defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SQL_STATEMENT_TIMEOUT_MS).toBe(30_000);
    expect(config.SQL_MAX_ROWS).toBe(10_000);
    expect(config.ADMIN_EMAILS).toEqual([]);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ SECRETS_MASTER_KEY: "c2hvcnQ=" })).toThrow(/SECRETS_MASTER_KEY/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("parses lists and flags", () => {
    const config = loadConfig({ ADMIN_EMAILS: " A@x.io, b@y.io ,", SQL_READ_ONLY: "true" });
    expect(config.ADMIN_EMAILS).toEqual(["a@x.io", "b@y.io"]);
    expect(config.SQL_READ_ONLY).toBe(true);
  });
});
