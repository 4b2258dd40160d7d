import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Branching a managed database into a new one (schema only, or with its rows), on this project's store.
let server: TestServer;
let alice: TestUser;
let mallory: TestUser;
let sourceId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
  mallory = await createTestUser(server, { verified: true });
  const verified = await api(server, alice.accessToken, "POST", "/auth/verify");
  sourceId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(sourceId, "CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL)");
  await exec(sourceId, "INSERT INTO items (label) VALUES ('one'), ('two'), ('three')");
}, 180_000);

afterAll(async () => {
  if (alice) await deleteAllDatabases(server, alice.accessToken);
  await server?.close();
});

async function exec(dbId: string, sql: string, token = alice.accessToken) {
  const answer = await api(server, token, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  return executeResponseSchema.parse(answer.data).results[0]?.rows ?? [];
}

const branch = (body: unknown, token = alice.accessToken, id = sourceId) =>
  api(server, token, "POST", `/db/${id}/branch`, body);

describe(`database branches (${testStoreKind()})`, { timeout: 120_000 }, () => {
  it("branches with data into a new database of the owner's, independent of the source", async () => {
    const made = await branch({ name: "try-migration", withData: true });
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(copy).toMatchObject({ name: "try-migration", kind: "managed" });
    expect(copy.id).not.toBe(sourceId);
    expect(await exec(copy.id, "SELECT label FROM items ORDER BY id")).toEqual([["one"], ["two"], ["three"]]);
    await exec(copy.id, "ALTER TABLE items ADD COLUMN done boolean; DELETE FROM items WHERE id = 1");
    await exec(copy.id, "INSERT INTO items (label) VALUES ('four')");
    expect(await exec(sourceId, "SELECT count(*)::int FROM items")).toEqual([[3]]);
    expect(
      await exec(
        sourceId,
        "SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'items' AND column_name = 'done'",
      ),
    ).toEqual([[0]]);
    const list = await api<Array<{ id: string }>>(server, alice.accessToken, "GET", "/db");
    expect(list.data.map((d) => d.id)).toContain(copy.id);
  });

  it("branches the schema alone: the tables, no rows, identities from the start", async () => {
    const made = await branch({ name: "schema-only", withData: false });
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(await exec(copy.id, "SELECT count(*)::int FROM items")).toEqual([[0]]);
    expect(await exec(copy.id, "INSERT INTO items (label) VALUES ('first') RETURNING id")).toEqual([[1]]);
    expect(await exec(sourceId, "SELECT count(*)::int FROM items")).toEqual([[3]]);
  });

  it("refuses a name the owner uses already, and another user's database", async () => {
    const taken = await branch({ name: "default", withData: false });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("DATABASE_NAME_TAKEN");
    const stranger = await branch({ name: "stolen", withData: true }, mallory.accessToken);
    expect(stranger.status).toBe(404);
    expect(stranger.error?.code).toBe("DATABASE_NOT_FOUND");
    const bad = await branch({ name: "", withData: "yes" });
    expect(bad.status).toBe(400);
  });
});
