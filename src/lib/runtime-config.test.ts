import { runtimeConfigSchema } from "@contract/runtime-config";
import { describe, expect, it } from "vitest";
import { parseRuntimeConfig } from "./runtime-config";

describe("parseRuntimeConfig", () => {
  const valid = {
    authBaseUrl: "http://localhost:3000/auth",
    projectId: "internal",
    publishableClientKey: "pck_x",
    locales: ["en", "de"],
    version: "0.1.0",
  };
  it("accepts exactly what the contract's schema accepts", () => {
    expect(parseRuntimeConfig(valid)).toEqual(runtimeConfigSchema.parse(valid));
    const { publishableClientKey: _, ...withoutKey } = valid;
    expect(parseRuntimeConfig(withoutKey)).toEqual(runtimeConfigSchema.parse(withoutKey));
    const development = { ...valid, developmentOAuthProviders: ["github"] };
    expect(parseRuntimeConfig(development)).toEqual(runtimeConfigSchema.parse(development));
  });
  it("rejects what the schema rejects", () => {
    for (const bad of [
      { ...valid, projectId: 1 },
      { ...valid, locales: ["fr"] },
      { ...valid, publishableClientKey: 3 },
      { ...valid, developmentOAuthProviders: "github" },
      { ...valid, developmentOAuthProviders: [1] },
      null,
    ]) {
      expect(runtimeConfigSchema.safeParse(bad).success).toBe(false);
      expect(() => parseRuntimeConfig(bad)).toThrow();
    }
  });
});
