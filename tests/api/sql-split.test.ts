import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlSplitResponseSchema } from "../../server/contract/sql-split.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server, { verified: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("POST /sql/split", () => {
  it("splits with the PostgreSQL parser and flags destructive statements", async () => {
    const sql = "SELECT 'a;b'; DELETE FROM t;\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql";
    const answer = await api(server, alice.accessToken, "POST", "/sql/split", { sql });
    expect(answer.status, answer.text).toBe(200);
    const { statements, syntaxError } = sqlSplitResponseSchema.parse(answer.data);
    expect(syntaxError).toBeNull();
    expect(statements.map((s) => [s.kind, s.destructive])).toEqual([
      ["SelectStmt", null],
      ["DeleteStmt", "delete-without-where"],
      ["CreateFunctionStmt", null],
    ]);
    for (const s of statements) expect(sql.slice(s.start, s.end)).toBe(s.text);
  });

  it("answers a syntax error in the body, and needs a signed-in user", async () => {
    const bad = await api(server, alice.accessToken, "POST", "/sql/split", { sql: "SELEC 1" });
    expect(bad.status).toBe(200);
    expect(sqlSplitResponseSchema.parse(bad.data).syntaxError).toMatch(/syntax error/);
    const anonymous = await api(server, null, "POST", "/sql/split", { sql: "SELECT 1" });
    expect(anonymous.status).toBe(401);
    const wrongShape = await api(server, alice.accessToken, "POST", "/sql/split", { sql: 1 });
    expect([wrongShape.status, wrongShape.error?.code]).toEqual([400, "SCHEMA_ERROR"]);
  });
});
