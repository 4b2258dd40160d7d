import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

const PAGES = [
  "signIn",
  "signUp",
  "signOut",
  "emailVerification",
  "passwordReset",
  "forgotPassword",
  "oauthCallback",
  "magicLinkCallback",
  "accountSettings",
  "teamInvitation",
  "mfa",
  "error",
  "onboarding",
];

describe("GET /internal/component-versions", () => {
  it("answers every SDK-managed page's newest version and changelogs without any project or key", async () => {
    const res = await server.request("/auth/api/v1/internal/component-versions");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      versions: Record<string, { version: number; changelogs: Record<string, string> }>;
    };
    for (const page of PAGES) {
      const entry = body.versions[page];
      expect(entry?.version, page).toBeGreaterThanOrEqual(1);
      expect(Object.values(entry?.changelogs ?? {}).every((text) => typeof text === "string")).toBe(true);
    }
    expect(Object.keys(body.versions.signIn?.changelogs ?? {})).toContain(String(body.versions.signIn?.version));
  });

  it("refuses other methods with 405, an Allow header and a code", async () => {
    const res = await server.request("/auth/api/v1/internal/component-versions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(((await res.json()) as { code: string }).code).toBe("METHOD_NOT_ALLOWED");
  });
});
