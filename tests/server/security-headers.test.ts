import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/http/env.ts";
import { securityHeaders } from "../../server/http/security-headers.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>shell</title>");
  writeFileSync(join(distDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  server = await startTestServer({ distDir, env: { TRUST_PROXY: "true" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers", () => {
  it.each([
    ["the app shell", "/"],
    ["a client route", "/apps/123"],
    ["the service worker", "/sw.js"],
    ["the app API", "/api/v1/apps"],
    ["the auth API", "/auth/api/v1/projects/current"],
    ["the CLI sign-in confirmation page", "/handler/cli-auth-confirm"],
    ["a missing API route", "/api/v1/nothing-here"],
    ["the health check", "/healthz"],
  ])("are on %s (%s)", async (_what, path) => {
    const response = await server.request(path);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    // Plain HTTP on loopback: HSTS would pin a browser to a TLS this server does not speak.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("add HSTS when the browser used HTTPS through a trusted proxy", async () => {
    const response = await server.request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  });
});

describe("the header policy", () => {
  const app = (options: Parameters<typeof securityHeaders>[0]) =>
    new Hono<AppEnv>().use("*", securityHeaders(options)).get("/", (c) => c.text("ok"));

  it("sends HSTS when PUBLIC_URL is https, and ignores X-Forwarded-Proto without TRUST_PROXY", async () => {
    const behindTls = await app({ publicUrl: "https://console.example", trustProxy: false }).request("/");
    expect(behindTls.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    const spoofed = await app({ trustProxy: false }).request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("lets the browser reach an external auth service, and only that one", async () => {
    const external = await app({ authBaseUrl: "https://auth.example.com/api", trustProxy: false }).request("/");
    expect(directives(external.headers.get("content-security-policy")).get("connect-src")).toEqual([
      "'self'",
      "https://auth.example.com",
    ]);
  });

  it("keeps a stricter policy a page sets for itself, and the defaults elsewhere", async () => {
    const strict = "default-src 'none'; style-src 'self'; frame-ancestors 'none'";
    const pages = new Hono<AppEnv>()
      .use("*", securityHeaders({ trustProxy: false }))
      .get("/consent", (c) => {
        c.header("Content-Security-Policy", strict);
        c.header("Referrer-Policy", "no-referrer");
        return c.html("<p>consent</p>");
      })
      .get("/", (c) => c.text("ok"));
    const consent = await pages.request("/consent");
    expect(consent.headers.get("content-security-policy")).toBe(strict);
    expect(consent.headers.get("referrer-policy")).toBe("no-referrer");
    const other = await pages.request("/");
    expect(directives(other.headers.get("content-security-policy")).get("default-src")).toEqual(["'self'"]);
    expect(other.headers.get("referrer-policy")).toBe("same-origin");
  });
});
