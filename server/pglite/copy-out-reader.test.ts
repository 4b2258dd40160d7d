import { describe, expect, it } from "vitest";
import { CopyOutReader, queryMessage } from "./copy-out-reader.mjs";

/** One wire-protocol message: its type byte, its length, its body. */
function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}
const text = (s: string) => new TextEncoder().encode(s);
const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("CopyOutReader", () => {
  const rows = Array.from({ length: 5_000 }, (_, i) => `${i}\tline\\n ${"x".repeat(i % 40)}\n`);
  const answer = joined([
    message("H", new Uint8Array([0, 0, 2, 0, 0, 0, 0])),
    ...rows.map((row) => message("d", text(row))),
    message("C", text("COPY 5000\0")),
    message("Z", text("I")),
  ]);

  it("keeps the rows' bytes only, in order, whichever way the answer is cut", () => {
    for (const size of [1, 3, 7, 8192, answer.length]) {
      const reader = new CopyOutReader();
      for (let at = 0; at < answer.length; at += size) reader.push(answer.subarray(at, at + size));
      reader.flush();
      expect(reader.error()).toBeNull();
      expect(new TextDecoder().decode(joined(reader.pieces))).toBe(rows.join(""));
      // Pieces of 64 KiB but the last: buffers of their own, to hand to another thread.
      expect(reader.pieces.slice(0, -1).every((p: Uint8Array) => p.byteLength === 65_536)).toBe(true);
    }
  });

  it("answers the server's error message", () => {
    const reader = new CopyOutReader();
    reader.push(message("E", text('SERROR\0C42P01\0Mrelation "t" does not exist\0\0')));
    reader.push(message("Z", text("I")));
    expect(reader.error()).toBe('relation "t" does not exist');
  });

  it("writes a simple-protocol Query", () => {
    expect([...queryMessage("SELECT 1")]).toEqual([0x51, 0, 0, 0, 13, ...text("SELECT 1"), 0]);
  });
});
