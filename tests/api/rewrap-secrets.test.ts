import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSchema } from "../../server/contract/apps.ts";
import { masterKeyFromBytes } from "../../server/lib/envelope.ts";
import { rewrapDataKeys } from "../../server/lib/rewrap.ts";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { describePostgresOnly } from "../helpers/postgres-only.ts";
import { createTestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

const oldKey = Buffer.alloc(32, 1);
const newKey = Buffer.alloc(32, 2);

describe("re-wrapping data keys under a new master key", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SECRETS_MASTER_KEY: oldKey.toString("base64") } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("changes only the wrapping; a second run skips every key; a wrong old key is refused", async () => {
    const user = await createTestUser(server, { verified: true });
    const app = appSchema.parse((await api(server, user.accessToken, "POST", "/apps", { title: "R" })).data);
    await api(server, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "A", value: "earlier" });
    await api(server, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "A", value: "kept" });
    // Current values and every kept version are sealed under the app's data key: only its wrapping changes.
    const sealed = "SELECT ciphertext FROM app_secrets UNION ALL SELECT ciphertext FROM app_secret_versions ORDER BY 1";
    const before = await server.store.query<{ ciphertext: string }>(sealed);
    expect(before).toHaveLength(3);
    const result = await rewrapDataKeys(server.store.db, masterKeyFromBytes(oldKey), masterKeyFromBytes(newKey));
    expect(result).toEqual({ rewrapped: 1, skipped: 0 });
    expect(await server.store.query(sealed)).toEqual(before);
    expect(await rewrapDataKeys(server.store.db, masterKeyFromBytes(oldKey), masterKeyFromBytes(newKey))).toEqual({
      rewrapped: 0,
      skipped: 1,
    });
    await expect(
      rewrapDataKeys(server.store.db, masterKeyFromBytes(Buffer.alloc(32, 9)), masterKeyFromBytes(Buffer.alloc(32, 3))),
    ).rejects.toThrow(/not the current/);
    // This server still holds the old key: it must refuse rather than return garbage.
    expect((await api(server, user.accessToken, "GET", `/apps/${app.id}/secrets`)).status).toBe(500);
  });
});

describePostgresOnly("npm run secrets:rewrap", () => {
  it("re-wraps a running deployment's keys; a server with the new key reads the secrets", async () => {
    const shared = await createScratchDatabase("rewrap");
    const first = await startTestServer({
      env: { DATABASE_URL: shared.url, SECRETS_MASTER_KEY: oldKey.toString("base64") },
    });
    let second: TestServer | undefined;
    try {
      const user = await createTestUser(first, { verified: true });
      const app = appSchema.parse((await api(first, user.accessToken, "POST", "/apps", { title: "CLI" })).data);
      await api(first, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "B", value: "an earlier one" });
      await api(first, user.accessToken, "POST", `/apps/${app.id}/secrets`, { key: "B", value: "still-here" });
      // A managed database: its role's password is sealed under a data key too.
      const managed = await api<{ id: string }>(first, user.accessToken, "POST", "/db", { kind: "managed", name: "m" });
      expect(managed.status, managed.text).toBe(201);
      const { stdout } = await promisify(execFile)("npx", ["tsx", "server/cli/rewrap-secrets.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: shared.url,
          DATA_DIR: first.dataDir,
          SECRETS_MASTER_KEY: oldKey.toString("base64"),
          NEW_SECRETS_MASTER_KEY: newKey.toString("base64"),
        },
      });
      expect(stdout).toContain("Re-wrapped 2 data key(s)");
      second = await startTestServer({
        env: { DATABASE_URL: shared.url, SECRETS_MASTER_KEY: newKey.toString("base64") },
      });
      const secrets = await api(second, user.accessToken, "GET", `/apps/${app.id}/secrets`);
      expect(secrets.data).toEqual([{ key: "B", decryptedValue: "still-here" }]);
      const earlier = await api(second, user.accessToken, "POST", `/apps/${app.id}/secrets/B/versions/1/reveal`);
      expect(earlier.data).toEqual({ key: "B", version: 1, decryptedValue: "an earlier one" });
      const ran = await api<{ results: Array<{ rows: unknown[][] }> }>(
        second,
        user.accessToken,
        "POST",
        `/db/${managed.data.id}/execute`,
        { sql: "SELECT current_user LIKE 'ud\\_%'" },
      );
      expect(ran.data.results[0]?.rows, ran.text).toEqual([[true]]);
      await deleteAllDatabases(second, user.accessToken);
    } finally {
      await first.close();
      await second?.close();
      await shared.drop();
    }
  });
});
