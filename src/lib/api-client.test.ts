import { describe, expect, it } from "vitest";
import { ApiError, throwAsNetworkError, unwrapPair } from "./api-client";

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

describe("throwAsNetworkError", () => {
  const thrown = (cause: unknown, signal?: AbortSignal) => {
    try {
      throwAsNetworkError(cause, signal);
    } catch (e) {
      return e;
    }
  };
  it("turns a fetch that got no answer into the code network, keeping the browser's words", () => {
    const error = thrown(new TypeError("Failed to fetch"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "network", message: "Failed to fetch", service: "api" });
    expect(thrown("odd")).toMatchObject({ code: "network", message: "Unknown error" });
  });
  it("lets an ApiError and a cancellation the caller asked for pass unchanged", () => {
    const refused = new ApiError("UNAUTHENTICATED", "Sign in", 401);
    expect(thrown(refused)).toBe(refused);
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("The operation was aborted.", "AbortError");
    expect(thrown(abort, controller.signal)).toBe(abort);
  });
});
