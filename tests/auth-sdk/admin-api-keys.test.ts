import { StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApp, appProjectOf } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
});
afterAll(async () => {
  await server?.close();
});

async function serverAppWith(secretServerKey: string) {
  const own = await appProjectOf(server);
  return new StackServerApp({
    projectId: own.projectId,
    publishableClientKey: own.publishableClientKey,
    secretServerKey,
    baseUrl: `${server.url}/auth`,
    tokenStore: null,
    noAutomaticPrefetch: true,
  });
}

const inADay = () => new Date(Date.now() + 86_400_000);

describe("internal API keys with StackAdminApp", () => {
  it("creates a key set whose secrets show once, lists it by last four, and a revoked key stops at once", async () => {
    const admin = await adminApp(server);
    const created = await admin.createInternalApiKey({
      description: "ci key",
      expiresAt: inADay(),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: true,
    });
    const secret = created.secretServerKey;
    const adminSecret = created.superSecretAdminKey;
    expect(secret).toMatch(/^ssk_[0-9a-z]{45}$/);
    expect(adminSecret).toMatch(/^sak_[0-9a-z]{45}$/);
    expect(created.publishableClientKey).toBeFalsy();

    // The new keys work right away (no waiting for a cache).
    const viaNewKey = await serverAppWith(secret as string);
    await expect(viaNewKey.listUsers()).resolves.toBeInstanceOf(Array);
    const adminViaNewKey = await adminApp(server, { superSecretAdminKey: adminSecret as string });
    expect((await adminViaNewKey.getProject()).id).toBe((await appProjectOf(server)).projectId);

    const listed = (await admin.listInternalApiKeys()).find((key) => key.id === created.id);
    expect(listed?.description).toBe("ci key");
    expect(listed?.secretServerKey?.lastFour).toBe((secret as string).slice(-4));
    expect(listed?.publishableClientKey).toBeFalsy();
    expect(listed?.isValid()).toBe(true);
    const raw = await server.request(`/auth/api/v1/internal/api-keys/${created.id}`, {
      headers: adminHeaders(await appProjectOf(server)),
    });
    const body = await raw.text();
    expect(body).toContain(`"last_four":"${(secret as string).slice(-4)}"`);
    expect(body).not.toContain(secret as string);

    await listed?.revoke();
    await expect(viaNewKey.listUsers()).rejects.toThrow(/secret server key/i);
    await expect(adminViaNewKey.getProject()).rejects.toThrow(/admin key/i);
    const after = (await admin.listInternalApiKeys()).find((key) => key.id === created.id);
    expect(after?.whyInvalid()).toBe("manually-revoked");
  });

  it("refuses an empty set and unknown ids; a set born expired never authenticates", async () => {
    const headers = adminHeaders(await appProjectOf(server));
    const empty = await server.request("/auth/api/v1/internal/api-keys", {
      method: "POST",
      headers,
      body: JSON.stringify({ description: "x", expires_at_millis: Date.now() + 60_000 }),
    });
    expect(empty.status).toBe(400);
    // A past expiry is taken, as on Stack: the set is born expired and its keys never authenticate.
    const past = await server.request("/auth/api/v1/internal/api-keys", {
      method: "POST",
      headers,
      body: JSON.stringify({ expires_at_millis: Date.now() - 1, has_secret_server_key: true }),
    });
    expect(past.status).toBe(200);
    const { secret_server_key: expiredKey } = (await past.json()) as { secret_server_key: string };
    const keys = await appProjectOf(server);
    const refused = await server.request("/auth/api/v1/users", {
      headers: {
        "x-stack-access-type": "server",
        "x-stack-project-id": keys.projectId,
        "x-stack-secret-server-key": expiredKey,
      },
    });
    expect(refused.status).toBe(401);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await server.request(`/auth/api/v1/internal/api-keys/${id}`, { headers });
      expect(res.status).toBe(404);
    }
  });
});

function adminHeaders(keys: Awaited<ReturnType<typeof appProjectOf>>): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-stack-access-type": "admin",
    "x-stack-project-id": keys.projectId,
    "x-stack-super-secret-admin-key": keys.superSecretAdminKey,
  };
}
