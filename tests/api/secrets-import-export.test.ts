import { parse } from "dotenv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { auditPageSchema } from "../../server/contract/audit.ts";
import { importPreviewSchema, importResultSchema, type Secret } from "../../server/contract/secrets.ts";
import { formatEnv } from "../../server/lib/env-format.ts";
import { AWKWARD } from "../helpers/awkward-values.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
});
afterAll(async () => {
  await server?.close();
});

async function newApp(title: string): Promise<string> {
  return appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title })).data).id;
}
const call = <T = unknown>(method: string, path: string, body?: unknown) =>
  api<T>(server, alice.accessToken, method, path, body);
const listOf = async (appId: string) => (await call<Secret[]>("GET", `/apps/${appId}/secrets`)).data;
const asMap = (entries: Array<{ key: string; value: string }>) =>
  Object.fromEntries(entries.map((e) => [e.key, e.value]));

describe("values", () => {
  it("round-trip byte for byte: line breaks, edge spaces, tabs, quotes, CRLF, Unicode", async () => {
    const appId = await newApp("Awkward");
    for (const { key, value } of AWKWARD) {
      expect((await call("POST", `/apps/${appId}/secrets`, { key, value })).status).toBe(201);
    }
    const list = await listOf(appId);
    expect(Object.fromEntries(list.map((s) => [s.key, s.decryptedValue]))).toEqual(asMap(AWKWARD));
  });

  it("overwrite: false never replaces; the value stays as it was", async () => {
    const appId = await newApp("Replace");
    await call("POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: "sk_live_51Habc123", overwrite: false });
    const refused = await call("POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: "new", overwrite: false });
    expect([refused.status, refused.error?.code]).toEqual([409, "SECRET_EXISTS"]);
    expect(await listOf(appId)).toEqual([{ key: "API_KEY", decryptedValue: "sk_live_51Habc123" }]);
    const replaced = await call("POST", `/apps/${appId}/secrets`, { key: "API_KEY", value: "new", overwrite: true });
    expect(replaced).toMatchObject({ status: 200, data: { created: false } });
    expect(await listOf(appId)).toEqual([{ key: "API_KEY", decryptedValue: "new" }]);
  });
});

describe(".env import", () => {
  it("previews new, replaced, unchanged and invalid keys, then applies in one go", async () => {
    const appId = await newApp("Import");
    await call("POST", `/apps/${appId}/secrets`, { key: "KEEP", value: "same" });
    await call("POST", `/apps/${appId}/secrets`, { key: "CHANGE", value: "old" });
    const content = `# from my laptop\nKEEP=same\nCHANGE="new\nvalue"\nexport ADDED='single # quoted'\n`;
    const preview = importPreviewSchema.parse(
      (await call("POST", `/apps/${appId}/secrets/import/preview`, { content })).data,
    );
    expect(preview.entries).toEqual([
      { key: "KEEP", status: "unchanged" },
      { key: "CHANGE", status: "replace" },
      { key: "ADDED", status: "new" },
    ]);
    expect(JSON.stringify(preview)).not.toContain("value");

    // Without agreeing to replace CHANGE, nothing happens.
    const conflict = await call("POST", `/apps/${appId}/secrets/import`, { content });
    expect([conflict.status, conflict.error?.code]).toEqual([409, "IMPORT_CONFLICT"]);
    expect((await listOf(appId)).map((s) => s.key)).toEqual(["CHANGE", "KEEP"]);

    const applied = await call("POST", `/apps/${appId}/secrets/import`, { content, replace: ["CHANGE"] });
    expect(importResultSchema.parse(applied.data)).toEqual({
      created: ["ADDED"],
      replaced: ["CHANGE"],
      unchanged: ["KEEP"],
      skipped: [],
    });
    expect(await listOf(appId)).toEqual([
      { key: "ADDED", decryptedValue: "single # quoted" },
      { key: "CHANGE", decryptedValue: "new\nvalue" },
      { key: "KEEP", decryptedValue: "same" },
    ]);
    const history = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit`)).data);
    expect(history.events.slice(0, 2).map((e) => [e.action, e.subject, e.detail])).toEqual(
      expect.arrayContaining([
        ["secret.created", "ADDED", { via: "import", environment: "development" }],
        ["secret.updated", "CHANGE", { via: "import", environment: "development" }],
      ]),
    );
  });

  it("refuses invalid keys, oversized values, empty texts, and applies nothing", async () => {
    const appId = await newApp("Invalid");
    const content = `GOOD=1\n1BAD=2\nALSO.BAD=3\nBIG=${"x".repeat(64 * 1024 + 1)}\n`;
    const preview = importPreviewSchema.parse(
      (await call("POST", `/apps/${appId}/secrets/import/preview`, { content })).data,
    );
    expect(preview.entries).toEqual([
      { key: "GOOD", status: "new" },
      { key: "1BAD", status: "invalid", reason: "key" },
      { key: "ALSO.BAD", status: "invalid", reason: "key" },
      { key: "BIG", status: "invalid", reason: "value_too_large" },
    ]);
    const refused = await call("POST", `/apps/${appId}/secrets/import`, { content });
    expect([refused.status, refused.error?.code]).toEqual([400, "IMPORT_INVALID"]);
    expect(await listOf(appId)).toEqual([]);
    for (const text of ["# only a comment\n", "not a dotenv line"]) {
      const empty = await call("POST", `/apps/${appId}/secrets/import/preview`, { content: text });
      expect([empty.status, empty.error?.code]).toEqual([400, "IMPORT_EMPTY"]);
    }
    const schema = await call("POST", `/apps/${appId}/secrets/import`, { content: "" });
    expect([schema.status, schema.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("imports the valid lines when asked, and names the skipped ones with why", async () => {
    const appId = await newApp("Skip invalid");
    const content = `GOOD=1\n1BAD=2\nBIG=${"x".repeat(64 * 1024 + 1)}\nALSO_GOOD="two words"\n`;
    const result = importResultSchema.parse(
      (await call("POST", `/apps/${appId}/secrets/import`, { content, skipInvalid: true })).data,
    );
    expect(result).toEqual({
      created: ["GOOD", "ALSO_GOOD"],
      replaced: [],
      unchanged: [],
      skipped: [
        { key: "1BAD", reason: "key" },
        { key: "BIG", reason: "value_too_large" },
      ],
    });
    expect(asMap((await listOf(appId)).map((s) => ({ key: s.key, value: s.decryptedValue })))).toEqual({
      GOOD: "1",
      ALSO_GOOD: "two words",
    });
  });
});

describe(".env export", () => {
  it("export → import into another app is a byte-for-byte round trip, in every format", async () => {
    const source = await newApp("Source");
    const text = formatEnv(AWKWARD, "dotenv");
    const created = importResultSchema.parse(
      (await call("POST", `/apps/${source}/secrets/import`, { content: text })).data,
    );
    expect(created.created).toHaveLength(AWKWARD.length);

    const response = await server.request(`/api/v1/apps/${source}/secrets/export`, {
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename=".env"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const exported = await response.text();
    expect(parse(exported)).toEqual(asMap(AWKWARD));

    const target = await newApp("Target");
    await call("POST", `/apps/${target}/secrets/import`, { content: exported });
    const back = await listOf(target);
    expect(Object.fromEntries(back.map((s) => [s.key, s.decryptedValue]))).toEqual(asMap(AWKWARD));

    const json = await server.request(`/api/v1/apps/${source}/secrets/export?format=json`, {
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(await json.json()).toEqual(asMap(AWKWARD));
    const bad = await call("GET", `/apps/${source}/secrets/export?format=yaml`);
    expect([bad.status, bad.error?.code]).toEqual([400, "SCHEMA_ERROR"]);

    const history = auditPageSchema.parse((await call("GET", `/apps/${source}/audit`)).data);
    expect(history.events[0]).toMatchObject({ action: "secrets.exported", detail: { format: "json" } });
  });

  it("a value no dotenv quoting can carry is refused by name, never altered", async () => {
    const appId = await newApp("Unrepresentable");
    await call("POST", `/apps/${appId}/secrets`, { key: "NOPE", value: "`'\"\\n\r" });
    const answer = await call("GET", `/apps/${appId}/secrets/export`);
    expect([answer.status, answer.error?.code, (answer.error as { details?: unknown } | null)?.details]).toEqual([
      422,
      "EXPORT_NOT_REPRESENTABLE",
      { keys: ["NOPE"] },
    ]);
  });
});

describe("history", () => {
  it("records who created, changed, revealed and deleted, newest first, pages, and never a value", async () => {
    const appId = await newApp("History");
    const sentinel = `SENTINEL_${Date.now()}`;
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: sentinel });
    await call("POST", `/apps/${appId}/secrets`, { key: "A", value: `${sentinel}2` });
    const revealed = await call<Secret[]>("POST", `/apps/${appId}/secrets/reveal`);
    expect(revealed.data).toEqual([{ key: "A", decryptedValue: `${sentinel}2` }]);
    await call("DELETE", `/apps/${appId}/secrets/A`);

    const first = auditPageSchema.parse((await call("GET", `/apps/${appId}/audit?limit=2`)).data);
    expect(first.events.map((e) => [e.action, e.subject])).toEqual([
      ["secret.deleted", "A"],
      ["secrets.revealed", null],
    ]);
    expect(first.events[0]?.actor).toEqual({ kind: "user", id: alice.userId, label: alice.email, impersonator: null });
    const second = auditPageSchema.parse(
      (await call("GET", `/apps/${appId}/audit?limit=2&before=${first.nextBefore}`)).data,
    );
    expect(second.events.map((e) => e.action)).toEqual(["secret.updated", "secret.created"]);
    expect(second.nextBefore).toBeNull();
    const rows = await server.store.query("SELECT * FROM app_audit_events WHERE app_id = $1", [appId]);
    expect(JSON.stringify(rows)).not.toContain(sentinel);
    const bad = await call("GET", `/apps/${appId}/audit?limit=1000`);
    expect(bad.error?.code).toBe("SCHEMA_ERROR");
  });
});
