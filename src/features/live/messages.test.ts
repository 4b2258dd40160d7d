import { describe, expect, it } from "vitest";
import { parseUserNotifyMessage } from "./messages";

describe("parseUserNotifyMessage", () => {
  it("reads the three message types", () => {
    expect(parseUserNotifyMessage('{"type":"notify","message":"Hi"}')).toEqual({ type: "notify", message: "Hi" });
    expect(parseUserNotifyMessage('{"type":"store","store":"apps","op":"refetch"}')).toEqual({
      type: "store",
      store: "apps",
      op: "refetch",
    });
    expect(parseUserNotifyMessage('{"type":"appUpdate","app":{"id":"a"}}')).toEqual({
      type: "appUpdate",
      app: { id: "a" },
    });
  });
  it("drops anything else", () => {
    for (const bad of ["nope", "null", '{"type":"notify"}', '{"type":"other"}', '{"type":"appUpdate","app":1}', 3]) {
      expect(parseUserNotifyMessage(bad)).toBeNull();
    }
  });
});
