import { readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { secretSchema } from "../../server/contract/secrets.ts";
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

describe("apps", () => {
  it("creates, lists newest first, updates and soft-deletes the caller's apps", async () => {
    const first = await api(server, alice.accessToken, "POST", "/apps", { title: "First", description: "d" });
    expect(first.status).toBe(201);
    const app = appSchema.parse(first.data);
    expect(app).toMatchObject({ title: "First", description: "d", openapi_spec_ids: [], deletedAt: null });
    expect(first.error).toBeNull();
    const second = appSchema.parse(
      (await api(server, alice.accessToken, "POST", "/apps", { title: "Second", openapi_spec_ids: ["a"] })).data,
    );
    const list = await api<unknown[]>(server, alice.accessToken, "GET", "/apps");
    expect(list.status).toBe(200);
    expect(list.data.map((a) => appSchema.parse(a).id)).toEqual([second.id, app.id]);

    const patched = await api(server, alice.accessToken, "PATCH", `/apps/${app.id}`, { title: "Renamed" });
    expect(appSchema.parse(patched.data).title).toBe("Renamed");

    const deleted = await api(server, alice.accessToken, "DELETE", `/apps/${app.id}`);
    expect(deleted).toMatchObject({ status: 200, data: { id: app.id, deleted: true }, error: null });
    const after = await api<unknown[]>(server, alice.accessToken, "GET", "/apps");
    expect(after.data.map((a) => appSchema.parse(a).id)).toEqual([second.id]);
    expect((await api(server, alice.accessToken, "DELETE", `/apps/${app.id}`)).error?.code).toBe("APP_NOT_FOUND");
  });

  it("validates input with stable codes", async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, "SCHEMA_ERROR"],
      [{ title: "" }, 400, "SCHEMA_ERROR"],
      [{ title: "x".repeat(201) }, 400, "SCHEMA_ERROR"],
      [{ title: "ok", description: "x".repeat(2001) }, 400, "SCHEMA_ERROR"],
      [{ title: "ok", extra: 1 }, 400, "SCHEMA_ERROR"],
      ["{not json", 400, "BODY_PARSING_ERROR"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await api(server, alice.accessToken, "POST", "/apps", body);
      expect([answer.status, answer.error?.code]).toEqual([status, code]);
      expect(answer.data).toBeNull();
    }
    const oversize = await rawPost(`${server.url}/api/v1/apps`, alice.accessToken, "x".repeat(2 * 1024 * 1024));
    expect(oversize.status).toBe(413);
    expect(JSON.parse(oversize.body)).toEqual([null, { code: "BODY_TOO_LARGE", message: expect.any(String) }]);
  });

  it("reads the token from every place the SDK puts it and refuses bad ones", async () => {
    const token = alice.accessToken;
    const cookie = (name: string) => `${name}=${encodeURIComponent(JSON.stringify([alice.refreshToken, token]))}`;
    const ways: Record<string, string>[] = [
      { "x-stack-auth": JSON.stringify({ accessToken: token, refreshToken: alice.refreshToken }) },
      { "x-stack-access-token": token },
      { "x-hexclave-access-token": token },
      { authorization: `Bearer ${token}` },
      { cookie: cookie("stack-access") },
      { cookie: `other=1; ${cookie("hexclave-access")}` },
    ];
    for (const headers of ways) {
      expect((await api(server, null, "GET", "/apps", undefined, headers)).status).toBe(200);
    }
    const none = await api(server, null, "GET", "/apps");
    expect([none.status, none.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
    const bad = await api(server, "not.a.jwt", "GET", "/apps");
    expect([bad.status, bad.error?.code]).toEqual([401, "INVALID_ACCESS_TOKEN"]);
    const [h, p, s] = token.split(".");
    const tampered = `${h}.${p}.${s?.slice(0, -4)}AAAA`;
    expect((await api(server, tampered, "GET", "/apps")).error?.code).toBe("INVALID_ACCESS_TOKEN");
  });

  it("refuses anonymous users", async () => {
    const signUp = await server.request("/auth/api/v1/auth/anonymous/sign-up", {
      method: "POST",
      headers: await anonymousHeaders(),
      body: "{}",
    });
    if (signUp.status !== 200) return expect.fail(`anonymous sign-up answered ${signUp.status}`);
    const { access_token } = (await signUp.json()) as { access_token: string };
    const answer = await api(server, access_token, "GET", "/apps");
    expect([answer.status, answer.error?.code]).toEqual([403, "ANONYMOUS_USER_NOT_ALLOWED"]);
  });
});

async function anonymousHeaders(): Promise<Record<string, string>> {
  const { appProjectOf } = await import("../helpers/stack-apps.ts");
  const keys = await appProjectOf(server);
  return {
    "content-type": "application/json",
    "x-stack-access-type": "client",
    "x-stack-project-id": keys.projectId,
    "x-stack-publishable-client-key": keys.publishableClientKey ?? "",
  };
}

describe("secrets", () => {
  it("stores values encrypted, lists them in clear, updates, deletes, with no-store", async () => {
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "S" })).data);
    const path = `/apps/${app.id}/secrets`;
    const created = await api(server, alice.accessToken, "POST", path, { key: "API_KEY", value: "one" });
    expect(created).toMatchObject({ status: 201, data: { key: "API_KEY", created: true } });
    expect(created.headers.get("cache-control")).toBe("no-store");
    const updated = await api(server, alice.accessToken, "POST", path, { key: "API_KEY", value: "two" });
    expect(updated).toMatchObject({ status: 200, data: { key: "API_KEY", created: false } });
    await api(server, alice.accessToken, "POST", path, { key: "_B", value: "" });
    const list = await api<unknown[]>(server, alice.accessToken, "GET", path);
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.data.map((s) => secretSchema.parse(s))).toEqual([
      { key: "API_KEY", decryptedValue: "two" },
      { key: "_B", decryptedValue: "" },
    ]);
    const stored = await server.store.query<{ ciphertext: string }>("SELECT ciphertext FROM app_secrets");
    expect(stored.every((r) => !r.ciphertext.includes("two") && r.ciphertext.startsWith("v1."))).toBe(true);

    expect((await api(server, alice.accessToken, "DELETE", `${path}/API_KEY`)).data).toEqual({
      key: "API_KEY",
      deleted: true,
    });
    const again = await api(server, alice.accessToken, "DELETE", `${path}/API_KEY`);
    expect([again.status, again.error?.code, again.headers.get("cache-control")]).toEqual([
      404,
      "SECRET_NOT_FOUND",
      "no-store",
    ]);
  });

  it("validates keys and refuses values over 64 KiB rather than cutting them", async () => {
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "V" })).data);
    const path = `/apps/${app.id}/secrets`;
    for (const key of ["1ABC", "A-B", "", "x".repeat(129), "A B"]) {
      expect((await api(server, alice.accessToken, "POST", path, { key, value: "v" })).error?.code).toBe(
        "SCHEMA_ERROR",
      );
    }
    expect(
      (await api(server, alice.accessToken, "POST", path, { key: "K", value: "é".repeat(32 * 1024) })).status,
    ).toBe(201);
    const big = await api(server, alice.accessToken, "POST", path, { key: "K", value: "é".repeat(32 * 1024 + 1) });
    expect([big.status, big.error?.code]).toEqual([413, "SECRET_VALUE_TOO_LARGE"]);
    const list = await api<Array<{ decryptedValue: string }>>(server, alice.accessToken, "GET", path);
    expect(list.data[0]?.decryptedValue.length).toBe(32 * 1024);
  });

  it("a ciphertext moved to another key or app does not open", async () => {
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "AAD" })).data);
    const path = `/apps/${app.id}/secrets`;
    await api(server, alice.accessToken, "POST", path, { key: "A", value: "alpha" });
    await api(server, alice.accessToken, "POST", path, { key: "B", value: "beta" });
    await server.store.query(
      "UPDATE app_secrets SET ciphertext = (SELECT ciphertext FROM app_secrets WHERE app_id = $1 AND key = 'A') WHERE app_id = $1 AND key = 'B'",
      [app.id],
    );
    const list = await api(server, alice.accessToken, "GET", path);
    expect(list.status).toBe(500);
    expect(list.text).not.toContain("alpha");
  });

  it("keeps a generated master key in DATA_DIR/master.key, readable by the owner only", () => {
    expect(statSync(join(server.dataDir, "master.key")).mode & 0o777).toBe(0o600);
  });

  it("a sentinel value appears neither in the store's files nor in the log", async () => {
    const sentinel = `SENTINEL_${Math.random().toString(36).slice(2)}_VALUE`;
    const app = appSchema.parse((await api(server, alice.accessToken, "POST", "/apps", { title: "Sentinel" })).data);
    await api(server, alice.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "SENTINEL_KEY", value: sentinel });
    expect((await api(server, alice.accessToken, "GET", `/apps/${app.id}/secrets`)).text).toContain(sentinel);
    // Replaced, the sentinel lives on as an earlier version only: kept sealed like the current value.
    await api(server, alice.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "SENTINEL_KEY", value: "now" });
    const old = await api(server, alice.accessToken, "POST", `/apps/${app.id}/secrets/SENTINEL_KEY/versions/1/reveal`);
    expect(old.text).toContain(sentinel);
    expect(server.logs.join("\n")).not.toContain(sentinel);
    const rows = await server.store.query("SELECT * FROM app_secrets");
    expect(JSON.stringify(rows)).not.toContain(sentinel);
    const versions = await server.store.query("SELECT * FROM app_secret_versions");
    expect(versions.length).toBeGreaterThan(1);
    expect(JSON.stringify(versions)).not.toContain(sentinel);
    await server.store.query("CHECKPOINT");
    if (server.store.kind === "postgres") {
      // The cluster's files are the server's: read the tables' own files (heap, TOAST, indexes)
      // through it, after CHECKPOINT wrote them out. The key, stored in clear, shows the right
      // pages were read.
      const files = await server.store.query<{ relation: string; bytes: Buffer }>(
        `SELECT c.relname AS relation, pg_read_binary_file(pg_relation_filepath(c.oid)) AS bytes
           FROM pg_class c
          WHERE c.oid IN ('app_secrets'::regclass, 'app_secret_versions'::regclass)
             OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE oid IN ('app_secrets'::regclass, 'app_secret_versions'::regclass))
             OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN ('app_secrets'::regclass, 'app_secret_versions'::regclass))`,
      );
      expect(files.length).toBeGreaterThan(3);
      expect(files.some((f) => Buffer.from(f.bytes).includes("SENTINEL_KEY"))).toBe(true);
      expect(files.filter((f) => Buffer.from(f.bytes).includes(sentinel)).map((f) => f.relation)).toEqual([]);
      return;
    }
    expect(filesContaining(server.dataDir, Buffer.from("SENTINEL_KEY")).length).toBeGreaterThan(0);
    expect(filesContaining(server.dataDir, Buffer.from(sentinel))).toEqual([]);
  });
});

/** A one-off connection: the server answers 413 without reading the body, which spoils a pooled one. */
function rawPost(url: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function filesContaining(dir: string, needle: Buffer): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) hits.push(...filesContaining(path, needle));
    // Only regular files hold data: the running server's control socket (DATA_DIR/control.sock) cannot be read.
    else if (stat.isFile() && readFileSync(path).includes(needle)) hits.push(path);
  }
  return hits;
}
