import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { archiveDatabasesSchema, backupRunSchema, backupsOverviewSchema } from "../../server/contract/backups.ts";
import { databaseSchema, verifyResultSchema } from "../../server/contract/databases.ts";
import { instanceAuditPageSchema } from "../../server/contract/instance-audit.ts";
import { executeResponseSchema } from "../../server/contract/sql.ts";
import { createTestUser, type TestUser } from "../helpers/stack-apps.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { api, deleteAllDatabases } from "./api-client.ts";

// Admin → Backups: one database of an archive restored into a new database of the same owner,
// after the whole archive was checked; never over the live one.
const store = testStoreKind();
const operatorEmail = `ops-${randomUUID()}@example.com`;
const backupDir = mkdtempSync(join(tmpdir(), "appconsole-restore-database-"));

let server: TestServer;
let operator: TestUser;
let member: TestUser;
/** A user whose database is in the archive, deleted after the backup. */
let leaver: TestUser;
let sourceId: string;
let archive: string;

async function exec(dbId: string, sql: string) {
  const answer = await api(server, member.accessToken, "POST", `/db/${dbId}/execute`, { sql });
  expect(answer.status, answer.text).toBe(200);
  const { results, error } = executeResponseSchema.parse(answer.data);
  expect(error, JSON.stringify(error)).toBeNull();
  return results[0]?.rows ?? [];
}

/**
 * Where the data of the archive's first non-empty data file starts: the tar headers are walked
 * (512-byte blocks, each naming its entry's size), so the byte changed is a file's, never a
 * header's or padding's.
 */
function firstDataByte(tarBytes: Buffer): number {
  for (let offset = 0; offset + 512 <= tarBytes.length; ) {
    const header = tarBytes.subarray(offset, offset + 512);
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = Number.parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
    if (size > 0 && name !== "manifest.json" && name !== "manifest.hmac") return offset + 512;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error("no data file in the archive");
}

const restore = (body: unknown, name = archive, token = operator.accessToken) =>
  api(server, token, "POST", `/admin/backups/${name}/restore-database`, body);

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: operatorEmail, BACKUP_DIR: backupDir } });
  [operator, member, leaver] = await Promise.all([
    createTestUser(server, { email: operatorEmail, verified: true }),
    createTestUser(server, { verified: true }),
    createTestUser(server, { verified: true }),
  ]);
  const leaverVerified = await api(server, leaver.accessToken, "POST", "/auth/verify");
  expect(leaverVerified.status, leaverVerified.text).toBe(200);
  const verified = await api(server, member.accessToken, "POST", "/auth/verify");
  sourceId = verifyResultSchema.parse(verified.data).databaseId;
  await exec(sourceId, "CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL)");
  await exec(sourceId, "INSERT INTO items (label) VALUES ('one'), ('two'), ('three')");
  const started = await api(server, operator.accessToken, "POST", "/admin/backups");
  expect(started.status, started.text).toBe(202);
  const { id } = backupRunSchema.parse(started.data);
  const run = await vi.waitFor(
    async () => {
      const overview = backupsOverviewSchema.parse(
        (await api(server, operator.accessToken, "GET", "/admin/backups")).data,
      );
      const found = overview.runs.find((candidate) => candidate.id === id);
      if (!found || found.state === "running") throw new Error("still running");
      return found;
    },
    { timeout: 120_000, interval: 200 },
  );
  expect(run.state, JSON.stringify(run.error)).toBe("succeeded");
  archive = run.archive;
  // After the backup the live database goes on: the restore must bring the archived state, beside it.
  await exec(sourceId, "DELETE FROM items WHERE label = 'one'");
}, 240_000);

afterAll(async () => {
  if (member) await deleteAllDatabases(server, member.accessToken);
  await server?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

describe(`restoring one database of a backup (${store})`, { timeout: 180_000 }, () => {
  it("lists the archive's databases with their name, owner and live name", async () => {
    const listed = await api(server, operator.accessToken, "GET", `/admin/backups/${archive}/databases`);
    expect(listed.status, listed.text).toBe(200);
    const { databases } = archiveDatabasesSchema.parse(listed.data);
    const source = databases.find((database) => database.owner?.id === member.userId);
    expect(source).toMatchObject({
      name: "default",
      liveName: "default",
      owner: { type: "user", id: member.userId, label: member.email },
    });
    expect(source?.bytes).toBeGreaterThan(0);
  });

  it("restores it into a new database of the same owner, the archived rows in it, the live one untouched", async () => {
    const { databases } = archiveDatabasesSchema.parse(
      (await api(server, operator.accessToken, "GET", `/admin/backups/${archive}/databases`)).data,
    );
    const location = databases.find((database) => database.owner?.id === member.userId)?.location;
    const made = await restore({ location, name: "default (restored)" });
    expect(made.status, made.text).toBe(201);
    const copy = databaseSchema.parse(made.data);
    expect(copy).toMatchObject({ name: "default (restored)", kind: "managed" });
    expect(copy.id).not.toBe(sourceId);
    expect(await exec(copy.id, "SELECT label FROM items ORDER BY id")).toEqual([["one"], ["two"], ["three"]]);
    expect(await exec(sourceId, "SELECT label FROM items ORDER BY id")).toEqual([["two"], ["three"]]);
    // The new database is the owner's to write (PostgreSQL: handed to its own role).
    await exec(copy.id, "INSERT INTO items (label) VALUES ('four')");
    const mine = await api<Array<{ id: string }>>(server, member.accessToken, "GET", "/db");
    expect(mine.data.map((database) => database.id)).toContain(copy.id);
    const audit = instanceAuditPageSchema.parse(
      (await api(server, operator.accessToken, "GET", "/admin/audit?action=backup.database_restored")).data,
    );
    expect(audit.events[0]).toMatchObject({ subject: archive, actor: { label: operatorEmail } });
    expect(audit.events[0]?.detail).toMatchObject({ location, databaseId: copy.id });
  });

  it("refuses a name the owner uses, a database the archive lacks, and bad input, creating nothing", async () => {
    const { databases } = archiveDatabasesSchema.parse(
      (await api(server, operator.accessToken, "GET", `/admin/backups/${archive}/databases`)).data,
    );
    const location = databases.find((database) => database.owner?.id === member.userId)?.location;
    const before = (await api<unknown[]>(server, member.accessToken, "GET", "/db")).data.length;
    const taken = await restore({ location, name: "default" });
    expect([taken.status, taken.error?.code]).toEqual([409, "DATABASE_NAME_TAKEN"]);
    const missing = await restore({ location: "ud_0123abcd", name: "nowhere" });
    expect([missing.status, missing.error?.code]).toEqual([404, "BACKUP_DATABASE_NOT_FOUND"]);
    const bad = await restore({ location: "../store", name: "" });
    expect(bad.status).toBe(400);
    const gone = await restore({ location, name: "x" }, "backup-none.tar");
    expect([gone.status, gone.error?.code]).toEqual([404, "BACKUP_NOT_FOUND"]);
    expect((await api<unknown[]>(server, member.accessToken, "GET", "/db")).data.length).toBe(before);
  });

  it("checks every checksum first: an altered or cut-short archive is refused with its code", async () => {
    const { databases } = archiveDatabasesSchema.parse(
      (await api(server, operator.accessToken, "GET", `/admin/backups/${archive}/databases`)).data,
    );
    const location = databases.find((database) => database.owner?.id === member.userId)?.location;
    // One byte of a data file changed: the manifest and its seal still match, the file's checksum does not.
    const bytes = readFileSync(join(backupDir, archive));
    const at = firstDataByte(bytes);
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    writeFileSync(join(backupDir, "altered.tar"), bytes);
    const altered = await restore({ location, name: "from-altered" }, "altered.tar");
    expect([altered.status, altered.error?.code]).toEqual([422, "ARCHIVE_ALTERED"]);
    writeFileSync(join(backupDir, "cut.tar"), readFileSync(join(backupDir, archive)).subarray(0, 4096));
    const cut = await api(server, operator.accessToken, "GET", "/admin/backups/cut.tar/databases");
    expect([cut.status, cut.error?.code]).toEqual([422, "ARCHIVE_TRUNCATED"]);
    const cutRestore = await restore({ location, name: "from-cut" }, "cut.tar");
    expect([cutRestore.status, cutRestore.error?.code]).toEqual([422, "ARCHIVE_TRUNCATED"]);
    const names = (await api<Array<{ name: string }>>(server, member.accessToken, "GET", "/db")).data.map(
      (d) => d.name,
    );
    expect(names).not.toContain("from-altered");
    expect(names).not.toContain("from-cut");
  });

  it("refuses a database whose owner was deleted since (BACKUP_OWNER_GONE), creating nothing", async () => {
    const databases = () =>
      api(server, operator.accessToken, "GET", `/admin/backups/${archive}/databases`).then(
        (answer) => archiveDatabasesSchema.parse(answer.data).databases,
      );
    const theirs = (await databases()).find((database) => database.owner?.id === leaver.userId);
    expect(theirs?.owner?.label).toBe(leaver.email);
    const deleted = await server.request(`/api/v1/admin/auth/users/${leaver.userId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${operator.accessToken}` },
    });
    expect(deleted.status).toBe(200);
    // Still listed (the archive names the owner), without a label now.
    expect((await databases()).find((database) => database.location === theirs?.location)?.owner).toEqual({
      type: "user",
      id: leaver.userId,
      label: null,
    });
    const refused = await restore({ location: theirs?.location, name: "orphan" });
    expect([refused.status, refused.error?.code]).toEqual([409, "BACKUP_OWNER_GONE"]);
  });

  it("is for operators only", async () => {
    const listed = await api(server, member.accessToken, "GET", `/admin/backups/${archive}/databases`);
    expect([listed.status, listed.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
    const made = await restore({ location: "ud_0a", name: "mine" }, archive, member.accessToken);
    expect([made.status, made.error?.code]).toEqual([403, "ADMIN_REQUIRED"]);
  });
});
