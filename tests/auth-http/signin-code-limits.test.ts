import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../server/auth/policy/rate-limit.ts";
import { appProjectOf } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "true" } });
});
afterAll(async () => {
  await server?.close();
});

/**
 * Sends until the first 429 (at most two windows' worth, so a window boundary in between cannot
 * hide the limit) and returns how many were let through before it and the 429 itself.
 */
async function untilLimited(send: (i: number) => Promise<Response>, max: number) {
  let passed = 0;
  for (let i = 0; i < 2 * max + 1; i++) {
    const res = await send(i);
    if (res.status === 429) return { passed, limited: res };
    passed++;
  }
  return { passed, limited: undefined };
}

describe("rate limits on sign-in code checks", () => {
  it("limits OTP check-code, OTP sign-in and MFA sign-in together per IP, with Retry-After", async () => {
    const keys = await appProjectOf(server);
    const headers = {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": keys.projectId,
      "x-stack-publishable-client-key": keys.publishableClientKey,
    };
    const paths = ["/auth/otp/sign-in/check-code", "/auth/otp/sign-in", "/auth/mfa/sign-in"];
    const { passed, limited } = await untilLimited((i) => {
      const path = paths[i % paths.length] ?? "";
      const body = path.includes("mfa")
        ? { type: "totp", totp: "000000", code: "a".repeat(45) }
        : { code: "a".repeat(45) };
      return server.request(`/auth/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    }, LIMITS.codeCheckPerIp.points);
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(passed).toBeGreaterThanOrEqual(LIMITS.codeCheckPerIp.points);
  });
});
