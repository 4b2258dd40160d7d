import { describe, expect, it } from "vitest";
import { ApiError, unwrapPair } from "./api-client";

describe("unwrapPair", () => {
  it("returns the data of a successful pair", () => {
    expect(unwrapPair([{ id: "a" }, null])).toEqual({ id: "a" });
    expect(unwrapPair([[], null])).toEqual([]);
  });
  it("throws the server's code and message", () => {
    const error = (() => {
      try {
        unwrapPair([null, { code: "APP_NOT_FOUND", message: "App not found" }], 404);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "APP_NOT_FOUND", message: "App not found", status: 404 });
  });
  it("falls back to code unknown and 'Unknown error' for anything that is no pair", () => {
    expect(() => unwrapPair({ error: "boom" })).toThrowError("Unknown error");
    expect(() => unwrapPair(undefined)).toThrowError(ApiError);
    expect(() => unwrapPair([null, {}])).toThrowError("Unknown error");
  });
});
