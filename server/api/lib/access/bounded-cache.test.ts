import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache.ts";

describe("BoundedCache", () => {
  it("shares one load between concurrent callers and keeps the answer until it expires", async () => {
    let now = 0;
    let loads = 0;
    const cache = new BoundedCache<number>(2_000, 10, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)])).toEqual([1, 1, 1]);
    now = 1_999;
    expect(await cache.get("k", load)).toBe(1);
    now = 2_000;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("drops the least recently used entry beyond its bound", async () => {
    const cache = new BoundedCache<string>(60_000, 2, () => 0);
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("a", async () => "a2"); // a is now the most recently used
    await cache.get("c", async () => "c1"); // so b goes
    expect(await cache.get("a", async () => "a3")).toBe("a1");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });

  it("does not keep what a load begun before delete() answers", async () => {
    const cache = new BoundedCache<string>(60_000, 10, () => 0);
    let finish: (value: string) => void = () => undefined;
    const stale = cache.get("k", () => new Promise((resolve) => (finish = resolve)));
    cache.delete("k");
    finish("stale");
    expect(await stale).toBe("stale");
    expect(await cache.get("k", async () => "fresh")).toBe("fresh");
  });

  it("does not keep a failed load", async () => {
    const cache = new BoundedCache<string>(60_000, 10, () => 0);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });
});
