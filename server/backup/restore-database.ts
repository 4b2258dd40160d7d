import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readArchiveFiles } from "./archive-reader.ts";
import { BackupError } from "./backup-error.ts";
import type { Manifest } from "./manifest.ts";
import { pgRestoreFromStream } from "./pg-tools.ts";

/** Reads a file of the archive that is not wanted to its end, so its checksum is still checked. */
async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // nothing kept
  }
}

/** The archive's entry of one managed database, or a BackupError when the archive has none. */
export function archivedDatabase(manifest: Manifest, location: string): Manifest["databases"][number] {
  const found = manifest.databases.find((database) => database.location === location);
  if (!found) throw new BackupError("ARCHIVE_NOT_A_BACKUP", `The archive holds no database ${location}.`);
  return found;
}

/**
 * Writes the PGlite cluster of the managed database `location` of a verified archive into the
 * empty folder `dir` (its folders, then its files, each checked against its SHA-256 again as it is
 * written); every other file of the archive is read past.
 */
export async function extractPgliteDatabase(
  archivePath: string,
  manifest: Manifest,
  location: string,
  dir: string,
): Promise<void> {
  archivedDatabase(manifest, location);
  const prefix = `databases/${location}`;
  const inside = (name: string) =>
    name === prefix ? "" : name.startsWith(`${prefix}/`) ? name.slice(prefix.length + 1) : null;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const folder of manifest.folders) {
    const relative = inside(folder);
    if (relative) await mkdir(join(dir, relative), { recursive: true, mode: 0o700 });
  }
  await readArchiveFiles(archivePath, manifest, async (name, stream) => {
    const relative = inside(name);
    if (!relative) return drain(stream);
    const path = join(dir, relative);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await pipeline(stream, createWriteStream(path, { flags: "wx", mode: 0o600 }));
  });
}

/**
 * Restores the dump of the managed database `location` of a verified PostgreSQL archive into the
 * (empty) database of `url`, streamed from the archive into pg_restore.
 */
export async function restorePostgresDatabase(
  archivePath: string,
  manifest: Manifest,
  location: string,
  url: string,
): Promise<void> {
  archivedDatabase(manifest, location);
  const wanted = `databases/${location}.pgdump`;
  await readArchiveFiles(archivePath, manifest, async (name, stream) => {
    if (name !== wanted) return drain(stream);
    await pgRestoreFromStream(url, stream);
  });
}
