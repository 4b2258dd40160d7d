import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { knowsSchema } from "../db/schema-version.ts";
import type { MasterKey } from "../lib/envelope.ts";
import { BackupError } from "./backup-error.ts";
import { MANIFEST_NAME, type Manifest, manifestSchema, manifestSealMatches, SEAL_NAME } from "./manifest.ts";

/** Where an archive's data files may go: the store, or one managed database, and nothing else. */
const SAFE_PATH = /^(store|databases\/ud_[0-9a-f]+)(\.pgdump|(\/[A-Za-z0-9_.-]+)*)$/;
const MAX_META_BYTES = 64 * 1024 * 1024;

function isSafePath(path: string): boolean {
  return SAFE_PATH.test(path) && !path.split("/").some((part) => part === "." || part === "..");
}

/** Streams every entry of the tar file at `path` to `onEntry`, which must consume the stream. */
async function eachEntry(
  path: string,
  onEntry: (name: string, size: number, stream: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(path), extract);
  // Reported by the loop below (the extract fails with it); never unhandled meanwhile.
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file") {
        entry.resume();
        continue;
      }
      await onEntry(entry.header.name, entry.header.size ?? 0, entry as unknown as Readable); // a streamx Readable: read with for await only
    }
    await reading;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const message = (error as Error).message;
    if (/unexpected end|premature|truncat/i.test(message)) {
      throw new BackupError("ARCHIVE_TRUNCATED", `The archive ${path} is incomplete (cut short: ${message}).`);
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    throw new BackupError("ARCHIVE_NOT_A_BACKUP", `${path} is not a readable backup archive (${message}).`);
  }
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit)
      throw new BackupError("ARCHIVE_ALTERED", "The archive's manifest is larger than any this console writes.");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * Reads the whole archive once and answers its manifest when every check passes: complete (the
 * manifest and its seal at the end), sealed under this instance's master key, unaltered (the seal,
 * then every file's SHA-256 and size), and of a schema this version knows. Otherwise a BackupError
 * saying which.
 */
export async function verifyArchive(path: string, master: MasterKey): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  let seal: string | null = null;
  await eachEntry(path, async (name, size, stream) => {
    if (name === MANIFEST_NAME) manifestBytes = await readAll(stream, MAX_META_BYTES);
    else if (name === SEAL_NAME) seal = (await readAll(stream, 1024)).toString("utf8");
    else seen.set(name, { size, sha256: await sha256Of(stream) });
  });
  if (!manifestBytes || seal === null) {
    if (seen.size === 0 && !manifestBytes) {
      throw new BackupError("ARCHIVE_NOT_A_BACKUP", `${path} holds no backup (no files, no manifest).`);
    }
    throw new BackupError(
      "ARCHIVE_TRUNCATED",
      `The archive ${path} is incomplete: it ends before its manifest and seal (a backup cut short).`,
    );
  }
  let parsed: Manifest;
  try {
    parsed = manifestSchema.parse(JSON.parse((manifestBytes as Buffer).toString("utf8")));
  } catch {
    throw new BackupError("ARCHIVE_ALTERED", `The manifest of ${path} is not one this console wrote (altered?).`);
  }
  if (parsed.masterKeyId !== master.id) {
    throw new BackupError(
      "ARCHIVE_WRONG_KEY",
      `The archive was made under master key ${parsed.masterKeyId}, but this instance has key ${master.id}. ` +
        "Restore with the key the backup was made with (SECRETS_MASTER_KEY, or its DATA_DIR/master.key).",
    );
  }
  if (!manifestSealMatches(master, manifestBytes, seal)) {
    throw new BackupError(
      "ARCHIVE_ALTERED",
      `The manifest of ${path} does not match its seal: the archive was altered, or sealed under another master key.`,
    );
  }
  for (const folder of parsed.folders) {
    if (!isSafePath(folder)) {
      throw new BackupError("ARCHIVE_ALTERED", `The archive lists a folder outside the data folders: ${folder}.`);
    }
  }
  const listed = new Set<string>();
  for (const file of parsed.files) {
    listed.add(file.path);
    if (!isSafePath(file.path)) {
      throw new BackupError("ARCHIVE_ALTERED", `The archive lists a file outside the data folders: ${file.path}.`);
    }
    const found = seen.get(file.path);
    if (!found) throw new BackupError("ARCHIVE_TRUNCATED", `The archive lacks ${file.path}, which its manifest lists.`);
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw new BackupError(
        "ARCHIVE_ALTERED",
        `${file.path} in the archive does not match its checksum: altered or damaged.`,
      );
    }
  }
  for (const name of seen.keys()) {
    if (!listed.has(name))
      throw new BackupError("ARCHIVE_ALTERED", `The archive holds ${name}, which its manifest does not list.`);
  }
  if (!knowsSchema(parsed.schema)) {
    throw new BackupError(
      "ARCHIVE_NEWER_SCHEMA",
      `The archive comes from a newer version of the console (schema ${parsed.schema.tag}); ` +
        "restore it with that version or a later one.",
    );
  }
  return parsed;
}

/**
 * Streams each data file of a verified archive to `onFile`, checking its SHA-256 again as it goes
 * by (the file may have changed since verifyArchive): a mismatch fails the restore at that file.
 */
export async function readArchiveFiles(
  path: string,
  manifest: Manifest,
  onFile: (name: string, stream: Readable) => Promise<void>,
): Promise<void> {
  const expected = new Map(manifest.files.map((file) => [file.path, file]));
  await eachEntry(path, async (name, _size, stream) => {
    if (name === MANIFEST_NAME || name === SEAL_NAME) {
      stream.resume();
      return;
    }
    const file = expected.get(name);
    if (!file) throw new BackupError("ARCHIVE_ALTERED", `The archive changed since it was checked: ${name}.`);
    const hash = createHash("sha256");
    // A Node stream for the consumer (tar-stream's entries are streamx streams), hashing as it reads.
    const hashing = Readable.from(
      (async function* () {
        for await (const chunk of stream) {
          hash.update(chunk);
          yield chunk as Buffer;
        }
      })(),
      { objectMode: false },
    );
    await onFile(name, hashing);
    if (hash.digest("hex") !== file.sha256) {
      throw new BackupError("ARCHIVE_ALTERED", `${name} changed since the archive was checked.`);
    }
  });
}
