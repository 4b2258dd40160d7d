import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import type { MasterKey } from "../lib/envelope.ts";
import { MANIFEST_NAME, type Manifest, type ManifestFile, SEAL_NAME, sealManifest } from "./manifest.ts";

/** Suffix of an archive still being written: never a complete-looking name. */
export const PARTIAL_SUFFIX = ".partial";

/**
 * Writes a backup archive (a tar file) to `<path>.partial`, adding files one at a time with their
 * SHA-256 computed as they stream by, and renames it to `path` only once the manifest and its
 * seal are written and the file is on disk. A process killed half-way leaves only the `.partial`.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  readonly files: ManifestFile[] = [];
  readonly folders: string[] = [];
  private readonly partial: string;
  /** Why writing the file failed (a full disk, a folder not writable), once it did. */
  writeError: unknown = null;

  constructor(readonly path: string) {
    this.partial = `${path}${PARTIAL_SUFFIX}`;
    this.written = pipeline(this.pack, createWriteStream(this.partial, { flags: "wx", mode: 0o600 }));
    // Reported by finish() or abort() and kept as the cause; never unhandled meanwhile.
    this.written.catch((error: unknown) => {
      this.writeError ??= error;
    });
  }

  /** Adds the file at `source` as `name`; its size is read once, so the file must not change meanwhile. */
  async addFile(name: string, source: string): Promise<number> {
    const { size, mode, mtime } = await stat(source);
    const hash = createHash("sha256");
    const entry = this.pack.entry({ name, size, mode: mode & 0o777, mtime });
    await pipeline(
      createReadStream(source),
      new Transform({
        transform(chunk, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      entry,
    );
    this.files.push({ path: name, size, sha256: hash.digest("hex") });
    return size;
  }

  /** Adds every file under the folder `source` as `prefix/...`; answers the bytes added. */
  async addFolder(prefix: string, source: string): Promise<number> {
    let bytes = 0;
    this.folders.push(prefix);
    const entries = await readdir(source, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const from = join(source, entry.name);
      const name = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) bytes += await this.addFolder(name, from);
      else if (entry.isFile()) bytes += await this.addFile(name, from);
      // A cluster holds only files and folders (copy-cluster.ts); a socket or link is not data.
    }
    return bytes;
  }

  /** Writes the manifest and its seal, flushes the file to disk and gives it its final name. */
  async finish(master: MasterKey, manifest: Omit<Manifest, "files" | "folders">): Promise<Manifest> {
    const complete: Manifest = { ...manifest, folders: this.folders, files: this.files };
    const bytes = Buffer.from(`${JSON.stringify(complete, null, 2)}\n`);
    this.pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, bytes);
    this.pack.entry({ name: SEAL_NAME, mode: 0o600 }, `${sealManifest(master, bytes)}\n`);
    this.pack.finalize();
    await this.written;
    const handle = await open(this.partial, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partial, this.path);
    await syncFolder(dirname(this.path));
    return complete;
  }

  /** Stops writing and removes the partial file. */
  async abort(): Promise<void> {
    const failed = this.writeError;
    this.pack.destroy();
    // Clean-up: the pipeline fails because it was destroyed; the caller has the real error.
    await this.written.catch(() => undefined);
    this.writeError = failed;
    await rm(this.partial, { force: true });
  }
}

/** So the rename itself survives a power cut (POSIX; Windows cannot open a folder and needs none). */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
