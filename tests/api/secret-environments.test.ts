import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { type Environment, environmentSchema } from "../../server/contract/environments.ts";
import { createdServiceTokenSchema, serviceTokenSchema } from "../../server/contract/service-tokens.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

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

async function newApp(title: string): Promise<string> {
  return appSchema.parse((await call("POST", "/apps", { title })).data).id;
}

async function environments(appId: string): Promise<Environment[]> {
  const answer = await call<unknown[]>("GET", `/apps/${appId}/environments`);
  expect(answer.status).toBe(200);
  return answer.data.map((e) => environmentSchema.strict().parse(e));
}

const slugs = async (appId: string) => (await environments(appId)).map((e) => e.slug);

const values = async (appId: string, query = "", token = alice.accessToken) => {
  const answer = await call<Array<{ key: string; decryptedValue: string }>>(
    "GET",
    `/apps/${appId}/secrets${query}`,
    undefined,
    token,
  );
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.data.map((s) => [s.key, s.decryptedValue]));
};

describe("environments", () => {
  it("a new app has development, staging and production; the seed's routes act on development", async () => {
    const appId = await newApp("Three");
    expect((await environments(appId)).map((e) => [e.slug, e.name, e.position, e.secretCount])).toEqual([
      ["development", "Development", 0, 0],
      ["staging", "Staging", 1, 0],
      ["production", "Production", 2, 0],
    ]);
    await call("POST", `/apps/${appId}/secrets`, { key: "URL", value: "dev-url" });
    await call("POST", `/apps/${appId}/secrets?environment=staging`, { key: "URL", value: "staging-url" });
    await call("POST", `/apps/${appId}/secrets?environment=production`, { key: "ONLY_PROD", value: "p" });
    expect(await values(appId)).toEqual({ URL: "dev-url" });
    expect(await values(appId, "?environment=development")).toEqual({ URL: "dev-url" });
    expect(await values(appId, "?environment=staging")).toEqual({ URL: "staging-url" });
    expect(await values(appId, "?environment=production")).toEqual({ ONLY_PROD: "p" });
    expect((await environments(appId)).map((e) => e.secretCount)).toEqual([1, 1, 1]);

    // Each route of the seed takes the query: reveal, export, import, delete.
    const revealed = await call<Array<{ key: string }>>("POST", `/apps/${appId}/secrets/reveal?environment=staging`);
    expect(revealed.data).toEqual([{ key: "URL", decryptedValue: "staging-url" }]);
    const exported = await server.request(`/api/v1/apps/${appId}/secrets/export?environment=staging&format=json`, {
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(JSON.parse(await exported.text())).toEqual({ URL: "staging-url" });
    const preview = await call<{ entries: unknown[] }>(
      "POST",
      `/apps/${appId}/secrets/import/preview?environment=production`,
      { content: "URL=prod-url\nONLY_PROD=p\n" },
    );
    expect(preview.data.entries).toEqual([
      { key: "URL", status: "new" },
      { key: "ONLY_PROD", status: "unchanged" },
    ]);
    const imported = await call("POST", `/apps/${appId}/secrets/import?environment=production`, {
      content: "URL=prod-url\n",
    });
    expect(imported.data).toEqual({ created: ["URL"], replaced: [], unchanged: [], skipped: [] });
    expect((await call("DELETE", `/apps/${appId}/secrets/URL?environment=staging`)).status).toBe(200);
    expect(await values(appId, "?environment=staging")).toEqual({});
    expect(await values(appId)).toEqual({ URL: "dev-url" });
    expect(await values(appId, "?environment=production")).toEqual({ ONLY_PROD: "p", URL: "prod-url" });

    const history = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit`)).data);
    expect(history.events.find((e) => e.action === "secret.deleted")?.detail).toEqual({ environment: "staging" });
  });

  it("an unknown environment is ENVIRONMENT_NOT_FOUND on every secrets route, and nothing is written", async () => {
    const appId = await newApp("Unknown");
    const q = "?environment=nope";
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/apps/${appId}/secrets${q}`],
      ["POST", `/apps/${appId}/secrets${q}`, { key: "K", value: "v" }],
      ["DELETE", `/apps/${appId}/secrets/K${q}`],
      ["POST", `/apps/${appId}/secrets/reveal${q}`],
      ["GET", `/apps/${appId}/secrets/export${q}`],
      ["POST", `/apps/${appId}/secrets/import/preview${q}`, { content: "K=v" }],
      ["POST", `/apps/${appId}/secrets/import${q}`, { content: "K=v" }],
      ["GET", `/apps/${appId}/secrets?environment=NOT%20A%20SLUG`],
      ["PATCH", `/apps/${appId}/environments/nope`, { name: "x" }],
      ["DELETE", `/apps/${appId}/environments/nope`],
      ["POST", `/apps/${appId}/tokens`, { name: "ci", environment: "nope" }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(method, path, body);
      expect([method, path, answer.status, answer.error?.code]).toEqual([method, path, 404, "ENVIRONMENT_NOT_FOUND"]);
    }
    expect((await environments(appId)).map((e) => e.secretCount)).toEqual([0, 0, 0]);
    // Another user's app stays a missing app, whatever the environment.
    const bobs = await call("GET", `/apps/${appId}/secrets?environment=staging`, undefined, bob.accessToken);
    expect([bobs.status, bobs.error?.code]).toEqual([404, "APP_NOT_FOUND"]);
  });

  it("keeps every value byte for byte in each environment", async () => {
    const appId = await newApp("Bytes");
    // Two environments with the same keys and different values: each keeps its own, byte for byte.
    await Promise.all(
      ["staging", "production"].map(async (env) => {
        for (const { key, value } of AWKWARD) {
          const answer = await call("POST", `/apps/${appId}/secrets?environment=${env}`, {
            key,
            value: `${env}:${value}`,
          });
          expect(answer.status).toBe(201);
        }
      }),
    );
    for (const env of ["staging", "production"]) {
      const got = await values(appId, `?environment=${env}`);
      for (const { key, value } of AWKWARD) expect(got[key]).toBe(`${env}:${value}`);
    }
  });

  it("are added, renamed, moved and deleted; slugs stay unique and one environment stays", async () => {
    const appId = await newApp("Manage");
    const added = await call<Environment>("POST", `/apps/${appId}/environments`, { slug: "qa", name: "  QA  " });
    expect([added.status, added.data.slug, added.data.name, added.data.position]).toEqual([201, "qa", "QA", 3]);
    const first = await call("POST", `/apps/${appId}/environments`, { slug: "preview", name: "Preview", position: 0 });
    expect(first.status).toBe(201);
    expect(await slugs(appId)).toEqual(["preview", "development", "staging", "production", "qa"]);

    const taken = await call("POST", `/apps/${appId}/environments`, { slug: "qa", name: "Again" });
    expect([taken.status, taken.error?.code, taken.error?.details]).toEqual([
      409,
      "ENVIRONMENT_SLUG_TAKEN",
      { slug: "qa" },
    ]);
    for (const body of [
      { slug: "Has Space", name: "x" },
      { slug: "-dash", name: "x" },
      { slug: "ok", name: " " },
      {},
    ]) {
      const bad = await call("POST", `/apps/${appId}/environments`, body);
      expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
    }

    const moved = await call<Environment>("PATCH", `/apps/${appId}/environments/production`, { position: 0 });
    expect([moved.status, moved.data.position]).toEqual([200, 0]);
    expect(await slugs(appId)).toEqual(["production", "preview", "development", "staging", "qa"]);
    const far = await call("PATCH", `/apps/${appId}/environments/production`, { position: 99 });
    expect(far.status).toBe(200);
    expect(await slugs(appId)).toEqual(["preview", "development", "staging", "qa", "production"]);

    await call("POST", `/apps/${appId}/secrets?environment=qa`, { key: "K", value: "qa-value" });
    const renamed = await call<Environment>("PATCH", `/apps/${appId}/environments/qa`, { slug: "test", name: "Test" });
    expect([renamed.status, renamed.data.slug, renamed.data.name, renamed.data.secretCount]).toEqual([
      200,
      "test",
      "Test",
      1,
    ]);
    expect(await values(appId, "?environment=test")).toEqual({ K: "qa-value" });
    expect((await call("GET", `/apps/${appId}/secrets?environment=qa`)).error?.code).toBe("ENVIRONMENT_NOT_FOUND");
    const clash = await call("PATCH", `/apps/${appId}/environments/test`, { slug: "staging" });
    expect([clash.status, clash.error?.code]).toEqual([409, "ENVIRONMENT_SLUG_TAKEN"]);
    const nothing = await call("PATCH", `/apps/${appId}/environments/test`, {});
    expect([nothing.status, nothing.error?.code]).toEqual([400, "SCHEMA_ERROR"]);

    // Deleting drops the environment's values, closes up the order, and keeps the last one.
    const deleted = await call("DELETE", `/apps/${appId}/environments/test`);
    expect([deleted.status, deleted.data]).toEqual([200, { slug: "test", deleted: true }]);
    const rows = await server.store.query("SELECT key FROM app_secrets WHERE app_id = $1", [appId]);
    expect(rows).toEqual([]);
    expect((await environments(appId)).map((e) => [e.slug, e.position])).toEqual([
      ["preview", 0],
      ["development", 1],
      ["staging", 2],
      ["production", 3],
    ]);
    for (const slug of ["preview", "staging", "production"]) {
      expect((await call("DELETE", `/apps/${appId}/environments/${slug}`)).status).toBe(200);
    }
    const last = await call("DELETE", `/apps/${appId}/environments/development`);
    expect([last.status, last.error?.code]).toEqual([409, "ENVIRONMENT_LAST"]);

    // Without development the seed's routes act on the first environment.
    await call("POST", `/apps/${appId}/environments`, { slug: "main", name: "Main", position: 0 });
    await call("DELETE", `/apps/${appId}/environments/development`);
    await call("POST", `/apps/${appId}/secrets`, { key: "WHERE", value: "main" });
    expect(await values(appId, "?environment=main")).toEqual({ WHERE: "main" });

    const history = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit?limit=100`)).data);
    expect(history.events.filter((e) => e.action.startsWith("environment.")).length).toBeGreaterThan(8);
  });

  it("stop at the limit per app", async () => {
    const appId = await newApp("Many");
    for (let i = 3; i < 20; i++) {
      expect((await call("POST", `/apps/${appId}/environments`, { slug: `e${i}`, name: `E${i}` })).status).toBe(201);
    }
    const over = await call("POST", `/apps/${appId}/environments`, { slug: "e20", name: "E20" });
    expect([over.status, over.error?.code, over.error?.details]).toEqual([
      409,
      "ENVIRONMENT_LIMIT_REACHED",
      { max: 20 },
    ]);
  });

  it("bind each value to its environment: a ciphertext moved to another environment does not open", async () => {
    const appId = await newApp("Bound");
    await call("POST", `/apps/${appId}/secrets?environment=production`, { key: "K", value: "prod-secret" });
    await call("POST", `/apps/${appId}/secrets?environment=staging`, { key: "K", value: "staging" });
    await server.store.query(
      `UPDATE app_secrets s SET ciphertext = p.ciphertext, version = p.version
         FROM app_secrets p JOIN app_environments pe ON pe.id = p.environment_id AND pe.slug = 'production'
        WHERE p.app_id = $1 AND p.key = 'K' AND s.app_id = $1 AND s.key = 'K'
          AND s.environment_id = (SELECT id FROM app_environments WHERE app_id = $1 AND slug = 'staging')`,
      [appId],
    );
    const read = await call("GET", `/apps/${appId}/secrets?environment=staging`);
    expect(read.status).toBe(500);
    expect(read.text).not.toContain("prod-secret");
  });
});

describe("service tokens per environment", () => {
  async function token(appId: string, body: Record<string, unknown>) {
    const answer = await call("POST", `/apps/${appId}/tokens`, body);
    expect(answer.status).toBe(201);
    return createdServiceTokenSchema.parse(answer.data);
  }
  const asToken = (raw: string, appId: string, query = "") =>
    api<Array<{ key: string; decryptedValue: string }>>(server, raw, "GET", `/apps/${appId}/secrets${query}`);

  it("read their one environment only, are listed with it, and stop when it is deleted", async () => {
    const appId = await newApp("Tokens");
    await call("POST", `/apps/${appId}/secrets`, { key: "URL", value: "dev" });
    await call("POST", `/apps/${appId}/secrets?environment=production`, { key: "URL", value: "prod" });
    const dev = await token(appId, { name: "dev" });
    const prod = await token(appId, { name: "deploy", environment: "production" });
    expect([dev.environment, prod.environment]).toEqual([
      { slug: "development", name: "Development" },
      { slug: "production", name: "Production" },
    ]);
    const listed = await call<unknown[]>("GET", `/apps/${appId}/tokens`);
    expect(listed.data.map((t) => serviceTokenSchema.strict().parse(t).environment?.slug)).toEqual([
      "production",
      "development",
    ]);

    expect((await asToken(prod.token, appId)).data).toEqual([{ key: "URL", decryptedValue: "prod" }]);
    expect((await asToken(prod.token, appId, "?environment=production")).data).toEqual([
      { key: "URL", decryptedValue: "prod" },
    ]);
    expect((await asToken(dev.token, appId)).data).toEqual([{ key: "URL", decryptedValue: "dev" }]);
    for (const [raw, query] of [
      [prod.token, "?environment=development"],
      [prod.token, "?environment=staging"],
      [dev.token, "?environment=production"],
    ] as const) {
      const refused = await asToken(raw, appId, query);
      expect([query, refused.status, refused.error?.code, refused.data]).toEqual([
        query,
        401,
        "SERVICE_TOKEN_WRONG_ENVIRONMENT",
        null,
      ]);
    }
    const unknown = await asToken(prod.token, appId, "?environment=nope");
    expect([unknown.status, unknown.error?.code]).toEqual([404, "ENVIRONMENT_NOT_FOUND"]);

    // Renaming the environment keeps the token reading it.
    await call("PATCH", `/apps/${appId}/environments/production`, { slug: "prod", name: "Prod" });
    expect((await asToken(prod.token, appId, "?environment=prod")).data).toEqual([
      { key: "URL", decryptedValue: "prod" },
    ]);
    expect((await call("DELETE", `/apps/${appId}/environments/prod`)).status).toBe(200);
    const gone = await asToken(prod.token, appId);
    expect([gone.status, gone.error?.code]).toEqual([401, "SERVICE_TOKEN_REVOKED"]);
    const left = await call<unknown[]>("GET", `/apps/${appId}/tokens`);
    expect(left.data.map((t) => serviceTokenSchema.parse(t).name)).toEqual(["dev"]);
    expect((await asToken(dev.token, appId)).status).toBe(200);
  });
});
