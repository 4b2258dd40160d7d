import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback.ts";

describe("isLoopbackHost", () => {
  it("knows the names and addresses only this machine reaches", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("treats every-address binds, private and public addresses and names as reachable", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "10.0.0.2", "192.168.1.5", "203.0.113.9", "console.example.com"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
