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
    expect(config.PGLITE_WASM_OPTIMIZE).toBe(false);
    expect(loadConfig({ PGLITE_WASM_OPTIMIZE: "yes" }).PGLITE_WASM_OPTIMIZE).toBe(true);
  });

  it("keeps the development OAuth provider off unless switched on, and on loopback only unless allowed", () => {
    expect(loadConfig({}).DEV_OAUTH_PROVIDER).toBe("off");
    expect(loadConfig({ DEV_OAUTH_PROVIDER: "true", HOST: "127.0.0.1" }).DEV_OAUTH_PROVIDER).toBe("on");
    // The default HOST listens on every address.
    expect(() => loadConfig({ DEV_OAUTH_PROVIDER: "true" })).toThrow(/DEV_OAUTH_PROVIDER: =true .* not 0\.0\.0\.0/);
    expect(() =>
      loadConfig({ DEV_OAUTH_PROVIDER: "true", HOST: "127.0.0.1", PUBLIC_URL: "https://console.example.com" }),
    ).toThrow(/PUBLIC_URL must be a loopback address/);
    expect(loadConfig({ DEV_OAUTH_PROVIDER: "allow-remote" }).DEV_OAUTH_PROVIDER).toBe("allow-remote");
    expect(() => loadConfig({ DEV_OAUTH_PROVIDER: "allow-remote", NODE_ENV: "production" })).toThrow(
      /cannot be switched on with NODE_ENV=production/,
    );
    expect(() => loadConfig({ DEV_OAUTH_PROVIDER: "maybe" })).toThrow(/DEV_OAUTH_PROVIDER/);
  });

  it("takes Stack's mock OAuth server (OAUTH_MOCK_URL) outside production mode only", () => {
    expect(loadConfig({}).OAUTH_MOCK_URL).toBeUndefined();
    expect(loadConfig({ OAUTH_MOCK_URL: "http://localhost:8114", HOST: "127.0.0.1" }).OAUTH_MOCK_URL).toBe(
      "http://localhost:8114",
    );
    // It signs anyone in: never on an address a network reaches (HOST defaults to 0.0.0.0).
    expect(() => loadConfig({ OAUTH_MOCK_URL: "http://localhost:8114" })).toThrow(/OAUTH_MOCK_URL: .*loopback/);
    expect(() => loadConfig({ OAUTH_MOCK_URL: "http://localhost:8114", NODE_ENV: "production" })).toThrow(
      /OAUTH_MOCK_URL: .*cannot be set with NODE_ENV=production/,
    );
    expect(() => loadConfig({ OAUTH_MOCK_URL: "ftp://localhost:8114", HOST: "127.0.0.1" })).toThrow(/OAUTH_MOCK_URL/);
    expect(() => loadConfig({ OAUTH_MOCK_URL: "http://localhost:8114/?x=1", HOST: "127.0.0.1" })).toThrow(
      /OAUTH_MOCK_URL/,
    );
  });

  it("lets only operators create projects unless told otherwise", () => {
    expect(loadConfig({}).PROJECT_CREATION).toBe("operators");
    expect(loadConfig({ PROJECT_CREATION: "users" }).PROJECT_CREATION).toBe("users");
    expect(() => loadConfig({ PROJECT_CREATION: "everyone" })).toThrow(/PROJECT_CREATION/);
  });
});
