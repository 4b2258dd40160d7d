import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { environmentComparisonSchema } from "../../server/contract/environments.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

// GET /apps/{id}/environments/compare: keys × environments, where each value is present and which
// are equal, never a value nor anything derived from one alone. (Roles: tests/api/team-access.test.ts.)
let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const call = <T = unknown>(method: string, path: string, body?: unknown, token = alice.accessToken) =>
  api<T>(server, token, method, path, body);

async function put(appId: string, environment: string, key: string, value: string) {
  const answer = await call("POST", `/apps/${appId}/secrets?environment=${environment}`, { key, value });
  expect(answer.status).toBe(201);
}

/** Every form a value or a digest of it could take in the answer's text. */
function traces(value: string): string[] {
  const digests = ["sha256", "sha1", "md5"].flatMap((algorithm) => {
    const digest = createHash(algorithm).update(value).digest();
    return [digest.toString("hex"), digest.toString("base64"), digest.toString("base64url")];
  });
  return [value, JSON.stringify(value).slice(1, -1), Buffer.from(value).toString("base64"), ...digests];
}

describe("comparing an app's environments", () => {
  it("marks missing keys and equal values per key, without a value or a hash of one", async () => {
    const appId = appSchema.parse((await call("POST", "/apps", { title: "Compare" })).data).id;
    const secrets: Array<[string, string, string]> = [
      ["development", "SHARED", "same-everywhere-7f3a"],
      ["staging", "SHARED", "same-everywhere-7f3a"],
      ["development", "DB_URL", "postgres://dev-91c2"],
      // A trailing space is another value: compared byte for byte.
      ["staging", "DB_URL", "postgres://dev-91c2 "],
      ["production", "DB_URL", "postgres://dev-91c2"],
      ["production", "ONLY_PROD", "prod-only-e55d"],
    ];
    for (const [environment, key, value] of secrets) await put(appId, environment, key, value);

    const answer = await call("GET", `/apps/${appId}/environments/compare`);
    expect(answer.status).toBe(200);
    // Nothing beyond the contract's fields.
    const comparison = environmentComparisonSchema
      .extend({
        environments: environmentComparisonSchema.shape.environments.element.strict().array(),
        keys: environmentComparisonSchema.shape.keys.element.strict().array(),
      })
      .strict()
      .parse(answer.data);
    expect(comparison).toEqual({
      environments: [
        { slug: "development", name: "Development" },
        { slug: "staging", name: "Staging" },
        { slug: "production", name: "Production" },
      ],
      keys: [
        { key: "DB_URL", groups: [1, 2, 1] },
        { key: "ONLY_PROD", groups: [null, null, 1] },
        { key: "SHARED", groups: [1, 1, null] },
      ],
    });
    for (const [, , value] of secrets) {
      for (const trace of traces(value)) expect(answer.text).not.toContain(trace);
    }

    // The columns follow the environments' order.
    const moved = await call("PATCH", `/apps/${appId}/environments/production`, { position: 0 });
    expect(moved.status).toBe(200);
    const reordered = environmentComparisonSchema.parse(
      (await call("GET", `/apps/${appId}/environments/compare`)).data,
    );
    expect(reordered.environments.map((e) => e.slug)).toEqual(["production", "development", "staging"]);
    expect(reordered.keys).toEqual([
      { key: "DB_URL", groups: [1, 1, 2] },
      { key: "ONLY_PROD", groups: [1, null, null] },
      { key: "SHARED", groups: [null, 1, 1] },
    ]);
  });

  it("answers an app without values with its environments and no keys", async () => {
    const appId = appSchema.parse((await call("POST", "/apps", { title: "Empty" })).data).id;
    const answer = await call("GET", `/apps/${appId}/environments/compare`);
    expect([answer.status, environmentComparisonSchema.parse(answer.data).keys]).toEqual([200, []]);
  });

  it("is refused to someone who is not a member, as a missing app", async () => {
    const appId = appSchema.parse((await call("POST", "/apps", { title: "Private" })).data).id;
    await put(appId, "development", "TOKEN", "private-value-0b1d");
    const answer = await call("GET", `/apps/${appId}/environments/compare`, undefined, bob.accessToken);
    expect([answer.status, answer.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
    expect(answer.text).not.toContain("TOKEN");
    expect(answer.text).not.toContain("private-value-0b1d");
  });
});
