// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { shouldPersistQuery } from "./query-persistence";

const settled = (queryKey: readonly unknown[]) => ({ queryKey, state: { status: "success" } }) as never;

describe("shouldPersistQuery", () => {
  it("keeps what holds no secret, never secret values, admin answers nor webhook URLs", () => {
    expect(shouldPersistQuery(settled(["apps"]))).toBe(true);
    expect(shouldPersistQuery(settled(["app-tokens", "a"]))).toBe(true);
    for (const root of ["secrets", "admin", "account", "app-webhooks"]) {
      expect([root, shouldPersistQuery(settled([root, "a"]))]).toEqual([root, false]);
    }
  });
});
