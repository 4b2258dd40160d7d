import { randomBytes } from "node:crypto";
import {
  cpSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  watch,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_NAME, SEAL_NAME, sealManifest } from "../../server/backup/manifest.ts";
import { loadMasterKey } from "../../server/lib/envelope.ts";
import { startTestServer, type TestServer, testStoreKind } from "../helpers/test-server.ts";
import { instanceEnv, runBackupCli } from "./backup-cli.ts";

// What restore refuses, and what a backup killed half-way leaves: through the real commands.
const store = testStoreKind();
let server: TestServer;
const archives = mkdtempSync(join(tmpdir(), "appconsole-archives-"));
let good: string;

beforeAll(async () => {
  server = await startTestServer();
  good = join(archives, "good.tar");
  const backup = await runBackupCli("backup", [good], instanceEnv(server.dataDir, server.env.DATABASE_URL));
  expect(backup.code, backup.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(archives, { recursive: true, force: true });
});

/** Copies the archive entry by entry, letting `change` rewrite an entry's bytes. */
async function rewrite(from: string, to: string, change: (name: string, bytes: Buffer) => Buffer): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createWriteStream(to));
  const reading = pipeline(createReadStream(from), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    pack.entry({ name: entry.header.name, mode: entry.header.mode }, change(entry.header.name, Buffer.concat(chunks)));
  }
  await reading;
  pack.finalize();
  await writing;
}

/** A restore of `archive` into a new, empty instance; answers the command's exit code and message. */
async function restoreInto(archive: string, env: Record<string, string> = {}) {
  const fresh = mkdtempSync(join(tmpdir(), "appconsole-refused-"));
  cpSync(join(server.dataDir, "master.key"), join(fresh, "master.key"));
  try {
    // PostgreSQL: every refusal here comes before the target database is touched.
    return await runBackupCli("restore", [archive], { ...instanceEnv(fresh, server.env.DATABASE_URL), ...env });
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

describe(`restore refuses a bad archive (${store})`, { timeout: 180_000 }, () => {
  it("refuses a truncated archive and says so", async () => {
    const cut = join(archives, "cut.tar");
    cpSync(good, cut);
    truncateSync(cut, Math.floor(statSync(good).size / 2));
    const run = await restoreInto(cut);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Restore refused: The archive .* is incomplete/);
  });

  it("refuses an archive whose data was altered, naming the file", async () => {
    const altered = join(archives, "altered.tar");
    let changed = "";
    await rewrite(good, altered, (name, bytes) => {
      if (changed || name === MANIFEST_NAME || name === SEAL_NAME || bytes.length < 16) return bytes;
      changed = name;
      const copy = Buffer.from(bytes);
      copy[8] = (copy[8] ?? 0) ^ 0xff;
      return copy;
    });
    const run = await restoreInto(altered);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${changed} in the archive does not match its checksum`);
  });

  it("refuses an archive sealed under another master key", async () => {
    const run = await restoreInto(good, { SECRETS_MASTER_KEY: randomBytes(32).toString("base64") });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/was made under master key [0-9a-f]{16}, but this instance has key/);
  });

  it("refuses an archive from a newer schema, even correctly sealed", async () => {
    const master = loadMasterKey({ dataDir: server.dataDir });
    const newer = join(archives, "newer.tar");
    let manifestBytes = Buffer.alloc(0);
    await rewrite(good, newer, (name, bytes) => {
      if (name === MANIFEST_NAME) {
        const manifest = JSON.parse(bytes.toString("utf8"));
        manifest.schema = { tag: "9999_from_the_future", when: Date.now() + 86_400_000, count: 10_000 };
        manifestBytes = Buffer.from(JSON.stringify(manifest));
        return manifestBytes;
      }
      if (name === SEAL_NAME) return Buffer.from(sealManifest(master, manifestBytes));
      return bytes;
    });
    const run = await restoreInto(newer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("comes from a newer version of the console (schema 9999_from_the_future)");
  });

  it("leaves nothing that looks complete when killed during the backup", async () => {
    // A folder no server has open (PGlite: the CLI copies it itself, and dies with it).
    const source = mkdtempSync(join(tmpdir(), "appconsole-killed-"));
    const out = mkdtempSync(join(tmpdir(), "appconsole-killed-out-"));
    try {
      if (store === "pglite") {
        cpSync(server.dataDir, source, { recursive: true, filter: (path) => !path.endsWith("control.sock") });
      }
      const watcher = watch(out);
      const run = runBackupCli(
        "backup",
        [join(out, "killed.tar")],
        instanceEnv(store === "pglite" ? source : server.dataDir, server.env.DATABASE_URL),
        (kill) => watcher.on("change", (_event, name) => String(name).endsWith(".partial") && kill()),
      );
      const ended = await run;
      watcher.close();
      expect(ended.signal).toBe("SIGKILL");
      const left = readdirSync(out);
      expect(left.filter((name) => name.endsWith(".tar"))).toEqual([]);
      const partial = left.find((name) => name.endsWith(".partial"));
      expect(partial).toBeDefined();
      const refused = await restoreInto(join(out, partial ?? ""));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/incomplete|holds no backup|not a readable backup/);
    } finally {
      rmSync(source, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});
