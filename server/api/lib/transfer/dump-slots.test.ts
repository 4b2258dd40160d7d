import { describe, expect, it } from "vitest";
import { HttpError } from "../../../lib/errors.ts";
import { DumpSlots } from "./dump-slots.ts";

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.code, error.details];
    throw error;
  }
  return null;
};

describe("DumpSlots", () => {
  it("holds one download per database and `max` on the server, and frees each slot once", () => {
    const slots = new DumpSlots(2);
    const a = slots.take("a");
    expect(refusal(() => slots.take("a"))).toEqual([409, "DUMP_RUNNING", { scope: "database" }]);
    const b = slots.take("b");
    expect(refusal(() => slots.take("c"))).toEqual([409, "DUMP_RUNNING", { scope: "server" }]);
    a.free();
    a.free(); // a second free must not give away b's slot
    const c = slots.take("c");
    expect(refusal(() => slots.take("d"))).toEqual([409, "DUMP_RUNNING", { scope: "server" }]);
    b.free();
    c.free();
    expect(refusal(() => slots.take("a"))).toBeNull();
  });
});
