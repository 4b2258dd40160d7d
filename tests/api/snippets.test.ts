import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snippetSchema } from "../../server/contract/snippets.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

// Saved queries on the server: per user, searchable, imported once from a browser, never another's.
let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const save = (token: string, body: unknown) => api(server, token, "POST", "/snippets", body);

describe("snippets", () => {
  it("saves, replaces by name, lists by folder and name, and searches with wildcards taken literally", async () => {
    const first = await save(alice.accessToken, { name: "Top customers", sql: "SELECT 1", folder: "reports" });
    expect(first.status, first.text).toBe(201);
    const again = await save(alice.accessToken, {
      name: "Top customers",
      sql: "SELECT 2",
      folder: "reports",
      description: "By revenue",
    });
    expect(again.status, again.text).toBe(200);
    expect(snippetSchema.parse(again.data)).toMatchObject({ id: snippetSchema.parse(first.data).id, sql: "SELECT 2" });
    expect((await save(alice.accessToken, { name: "100%_done", sql: "SELECT 'x'" })).status).toBe(201);

    const all = await api<unknown[]>(server, alice.accessToken, "GET", "/snippets");
    expect(all.data.map((s) => snippetSchema.parse(s).name)).toEqual(["Top customers", "100%_done"]);
    const byDescription = await api<unknown[]>(server, alice.accessToken, "GET", "/snippets?q=revenue");
    expect(byDescription.data).toHaveLength(1);
    const literal = await api<unknown[]>(server, alice.accessToken, "GET", `/snippets?q=${encodeURIComponent("%_")}`);
    expect(literal.data.map((s) => snippetSchema.parse(s).name)).toEqual(["100%_done"]);
  });

  it("records the last run, renames, refuses a taken name, deletes", async () => {
    const made = snippetSchema.parse((await save(alice.accessToken, { name: "runs", sql: "SELECT now()" })).data);
    expect(made.lastRunAt).toBeNull();
    const ran = await api(server, alice.accessToken, "POST", `/snippets/${made.id}/run`);
    expect(snippetSchema.parse(ran.data).lastRunAt).not.toBeNull();
    const taken = await api(server, alice.accessToken, "PATCH", `/snippets/${made.id}`, { name: "Top customers" });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("SNIPPET_NAME_TAKEN");
    const renamed = await api(server, alice.accessToken, "PATCH", `/snippets/${made.id}`, { name: "runs daily" });
    expect(snippetSchema.parse(renamed.data).name).toBe("runs daily");
    expect((await api(server, alice.accessToken, "DELETE", `/snippets/${made.id}`)).status).toBe(200);
    expect((await api(server, alice.accessToken, "GET", `/snippets/${made.id}`)).error?.code).toBe("SNIPPET_NOT_FOUND");
  });

  it("imports a browser's snippets once, keeping names already on the server", async () => {
    const answer = await api(server, alice.accessToken, "POST", "/snippets/import", {
      snippets: [
        { name: "Top customers", sql: "SELECT 'from the browser'" },
        { name: "local one", sql: "SELECT 3" },
      ],
    });
    expect(answer.data).toEqual({ imported: 1, skipped: 1 });
    const all = await api<unknown[]>(server, alice.accessToken, "GET", "/snippets");
    const parsed = all.data.map((s) => snippetSchema.parse(s));
    expect(parsed.find((s) => s.name === "Top customers")?.sql).toBe("SELECT 2");
    expect(parsed.find((s) => s.name === "local one")?.sql).toBe("SELECT 3");
  });

  it("another user can neither list, read, change, run nor delete them", async () => {
    const mine = snippetSchema.parse((await save(alice.accessToken, { name: "private", sql: "SELECT 'secret'" })).data);
    expect((await api<unknown[]>(server, bob.accessToken, "GET", "/snippets")).data).toEqual([]);
    expect((await api<unknown[]>(server, bob.accessToken, "GET", "/snippets?q=secret")).data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/snippets/${mine.id}`],
      ["PATCH", `/snippets/${mine.id}`, { sql: "SELECT 'mine now'" }],
      ["POST", `/snippets/${mine.id}/run`],
      ["DELETE", `/snippets/${mine.id}`],
    ] as const) {
      const answer = await api(server, bob.accessToken, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.error?.code).toBe("SNIPPET_NOT_FOUND");
    }
    // Saving under the same name makes Bob's own snippet, not a change of Alice's.
    expect((await save(bob.accessToken, { name: "private", sql: "SELECT 'bob'" })).status).toBe(201);
    const still = await api(server, alice.accessToken, "GET", `/snippets/${mine.id}`);
    expect(snippetSchema.parse(still.data).sql).toBe("SELECT 'secret'");
    expect((await api(server, null, "GET", "/snippets")).status).toBe(401);
  });

  it("refuses bad input with SCHEMA_ERROR", async () => {
    expect((await save(alice.accessToken, { name: "", sql: "SELECT 1" })).error?.code).toBe("SCHEMA_ERROR");
    expect((await api(server, alice.accessToken, "GET", "/snippets/not-a-uuid")).error?.code).toBe("SNIPPET_NOT_FOUND");
  });
});
