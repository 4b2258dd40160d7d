import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyResultSchema } from "../../server/contract/databases.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let aliceDb: string;
let bobDb: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  aliceDb = verifyResultSchema.parse((await api(server, alice.accessToken, "POST", "/auth/verify")).data).databaseId;
  bobDb = verifyResultSchema.parse((await api(server, bob.accessToken, "POST", "/auth/verify")).data).databaseId;
}, 180_000);
afterAll(async () => {
  for (const user of [alice, bob]) if (user) await deleteAllDatabases(server, user.accessToken);
  await server?.close();
});

/** Starts a long statement; resolves once the run is registered (the answer has begun). */
async function startSleep(user: TestUser, dbId: string, executionId: string) {
  const response = await server.request(`/api/v1/db/${dbId}/execute`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ sql: "SELECT pg_sleep(20)", executionId }),
  });
  expect(response.status).toBe(200);
  return { result: response.text().then((text) => executeResponseSchema.parse(JSON.parse(text)[0])) };
}

describe("execution ids", () => {
  it("belong to their owner: another user's run with the same id neither hides nor exposes mine", async () => {
    const executionId = randomUUID();
    const alices = await startSleep(alice, aliceDb, executionId);
    const bobs = await startSleep(bob, bobDb, executionId);

    const cancelled = await api(server, alice.accessToken, "POST", `/db/${aliceDb}/cancel`, { executionId });
    expect(cancelled.data, cancelled.text).toEqual({ executionId, cancelled: true });
    expect((await alices.result).error?.sqlState).toBe("57014");

    // Bob's run was not touched by Alice's cancel; Alice cannot reach it through her own database.
    const notHers = await api(server, alice.accessToken, "POST", `/db/${aliceDb}/cancel`, { executionId });
    expect(notHers.error?.code).toBe("EXECUTION_NOT_FOUND");
    const his = await api(server, bob.accessToken, "POST", `/db/${bobDb}/cancel`, { executionId });
    expect(his.data, his.text).toEqual({ executionId, cancelled: true });
    expect((await bobs.result).error?.sqlState).toBe("57014");
  });
});
