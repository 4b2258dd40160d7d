import { open } from "node:fs/promises";
import type { MasterKey } from "../lib/envelope.ts";
import { MANIFEST_NAME, type Manifest, manifestSchema, manifestSealMatches, SEAL_NAME } from "./manifest.ts";

const BLOCK = 512;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** What the admin area lists of an archive, read without reading its data. */
export type ArchiveSummary =
  | { seal: "valid"; manifest: Manifest }
  /** Complete, but not sealed under this instance's master key (or altered): `manifest` as it claims. */
  | { seal: "invalid"; manifest: Manifest | null }
  /** No manifest and seal at its end: cut short, or no backup. */
  | { seal: "missing"; manifest: null };

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** The manifest's bytes and its seal as an archive carries them (the bucket keeps a copy beside each archive). */
export interface ManifestEntries {
  manifest: Buffer;
  seal: string;
}

/**
 * Finds the manifest and its seal by walking the tar headers (each names its size, so the data in
 * between is skipped, not read: a listing of large archives costs a few reads each); null when the
 * archive has none at its end (cut short). The files' checksums are not read here.
 */
export async function readManifestEntries(path: string): Promise<ManifestEntries | null> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    let offset = 0;
    let manifestBytes: Buffer | null = null;
    let seal: string | null = null;
    const header = Buffer.alloc(BLOCK);
    while (offset + BLOCK <= size) {
      await handle.read(header, 0, BLOCK, offset);
      if (header.every((byte) => byte === 0)) break; // the archive's end marker
      const name = field(header, 0, 100);
      const prefix = field(header, 345, 155);
      const fullName = prefix ? `${prefix}/${name}` : name;
      const entrySize = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
      if (!Number.isFinite(entrySize) || entrySize < 0) return null;
      const dataAt = offset + BLOCK;
      if (dataAt + entrySize > size) return null;
      if ((fullName === MANIFEST_NAME || fullName === SEAL_NAME) && entrySize <= MAX_MANIFEST_BYTES) {
        const data = Buffer.alloc(entrySize);
        await handle.read(data, 0, entrySize, dataAt);
        if (fullName === MANIFEST_NAME) manifestBytes = data;
        else seal = data.toString("utf8");
      }
      offset = dataAt + Math.ceil(entrySize / BLOCK) * BLOCK;
    }
    if (!manifestBytes || seal === null) return null;
    return { manifest: manifestBytes, seal };
  } finally {
    await handle.close();
  }
}

/** Parses the manifest and checks its seal under `master` (the listing's judgement of an archive). */
export function judgeManifest(entries: ManifestEntries | null, master: MasterKey): ArchiveSummary {
  if (!entries) return { seal: "missing", manifest: null };
  let manifest: Manifest | null = null;
  try {
    manifest = manifestSchema.parse(JSON.parse(entries.manifest.toString("utf8")));
  } catch {
    return { seal: "invalid", manifest: null };
  }
  if (manifest.masterKeyId !== master.id || !manifestSealMatches(master, entries.manifest, entries.seal)) {
    return { seal: "invalid", manifest };
  }
  return { seal: "valid", manifest };
}

/** The listing's summary of a local archive: its manifest, judged under `master`. */
export async function summarizeArchive(path: string, master: MasterKey): Promise<ArchiveSummary> {
  return judgeManifest(await readManifestEntries(path), master);
}
