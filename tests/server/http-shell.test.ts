import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeConfigSchema } from "../../server/contract/runtime-config.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>shell</title>");
  writeFileSync(join(distDir, "robots.txt"), "User-agent: *\n");
  writeFileSync(join(distDir, "assets", "app-abc123.js"), "console.log(1)");
  server = await startTestServer({ distDir });
});

afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("health and runtime config", () => {
  it("reports the store's state", async () => {
    const response = await server.request("/healthz");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", store: { kind: testStoreKind(), ok: true } });
    expect(typeof body.store.latencyMs).toBe("number");
  });

  it("serves /config.json in the contract's shape", async () => {
    const response = await server.request("/config.json");
    expect(response.status).toBe(200);
    const config = runtimeConfigSchema.parse(await response.json());
    expect(config.authBaseUrl).toBe(`${server.url}/auth`);
    expect(config.locales).toEqual(["en", "de"]);
    // No SMTP_URL and no e-mail server of the project's own: mail waits in the outbox, and the
    // sign-up card says so instead of "We sent a link".
    expect(config.mail).toBe("outbox");
  });
});

describe("static PWA serving", () => {
  it("answers client routes with the shell", async () => {
    for (const path of ["/", "/apps/123", "/db/abc/whatever"]) {
      const response = await server.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain("<title>shell</title>");
    }
  });

  it("caches hashed assets forever and serves robots.txt", async () => {
    const asset = await server.request("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const robots = await server.request("/robots.txt");
    expect(await robots.text()).toContain("User-agent");
  });

  it("never answers an API path with the shell", async () => {
    // The app API authenticates before it routes, so an anonymous caller learns nothing about
    // which paths exist (401); what matters here is that the answer is an API error, not HTML.
    for (const path of ["/api/v1/no-such-thing", "/auth/api/v1/no-such-thing", "/api/nope", "/healthz/x"]) {
      const response = await server.request(path);
      expect([401, 404], path).toContain(response.status);
      expect(response.headers.get("content-type") ?? "", path).not.toMatch(/text\/html/);
      expect(await response.text(), path).not.toContain("<title>shell</title>");
    }
  });

  it("refuses path traversal", async () => {
    const response = await server.request("/assets/..%2f..%2fpackage.json");
    expect(await response.text()).not.toContain('"name"');
  });
});

describe("request limits and logging", () => {
  it("refuses oversize bodies with a stable code", async () => {
    const response = await server.request("/api/v1/anything", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(JSON.stringify(body)).toContain("BODY_TOO_LARGE");
  });

  it("logs requests as JSON lines with a request id", async () => {
    const response = await server.request("/healthz");
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = server.logs.map((l) => JSON.parse(l)).find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ msg: "request", path: "/healthz", status: 200 });
  });
});
