import { describe, expect, it } from "vitest";
import { EnvelopeError, masterKeyFromBytes, newDataKey, open, seal, unwrapDataKey, wrapDataKey } from "./envelope.ts";

describe("envelope encryption", () => {
  const key = newDataKey();

  it("opens what it sealed, with a fresh IV each time", () => {
    const a = seal(key, "value", "app:1|secret:A");
    const b = seal(key, "value", "app:1|secret:A");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(open(key, a, "app:1|secret:A").toString()).toBe("value");
  });

  it("refuses other additional data, another key and tampering", () => {
    const sealed = seal(key, "value", "app:1|secret:A");
    expect(() => open(key, sealed, "app:1|secret:B")).toThrow(EnvelopeError);
    expect(() => open(key, sealed, "app:2|secret:A")).toThrow(EnvelopeError);
    expect(() => open(newDataKey(), sealed, "app:1|secret:A")).toThrow(EnvelopeError);
    const parts = sealed.split(".");
    parts[2] = Buffer.from("tampered").toString("base64url");
    expect(() => open(key, parts.join("."), "app:1|secret:A")).toThrow(EnvelopeError);
    expect(() => open(key, "garbage", "x")).toThrow(EnvelopeError);
  });

  it("binds a wrapped data key to its scope and master key", () => {
    const master = masterKeyFromBytes(Buffer.alloc(32, 5));
    const wrapped = wrapDataKey(master, key, "app:1");
    expect(unwrapDataKey(master, wrapped, "app:1").equals(key)).toBe(true);
    expect(() => unwrapDataKey(master, wrapped, "app:2")).toThrow(EnvelopeError);
    expect(() => unwrapDataKey(masterKeyFromBytes(Buffer.alloc(32, 6)), wrapped, "app:1")).toThrow(EnvelopeError);
    expect(master.id).toMatch(/^[0-9a-f]{16}$/);
    expect(() => masterKeyFromBytes(Buffer.alloc(16))).toThrow();
  });
});
