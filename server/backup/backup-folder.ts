import { constants } from "node:fs";
import { access, mkdir, readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { MasterKey } from "../lib/envelope.ts";
import { verifyArchive } from "./archive-reader.ts";
import { type ArchiveSummary, summarizeArchive } from "./archive-summary.ts";
import { BackupError, writeFailure } from "./backup-error.ts";
import type { Manifest } from "./manifest.ts";

/** An archive's file name as the admin area names it: one segment, nothing that climbs out. */
export const ARCHIVE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.tar$/;

export interface ListedArchive {
  name: string;
  bytes: number;
  /** The manifest's time, or the file's when it has no readable manifest. */
  createdAt: string;
  store: "pglite" | "postgres" | null;
  databases: number | null;
  seal: ArchiveSummary["seal"];
}

/** An archive as a listing shows it: the manifest's facts where it has one, the file's otherwise. */
export function listedArchive(name: string, bytes: number, modified: Date, summary: ArchiveSummary): ListedArchive {
  return {
    name,
    bytes,
    createdAt: summary.manifest?.createdAt ?? modified.toISOString(),
    store: summary.manifest?.store ?? null,
    databases: summary.manifest?.databases.length ?? null,
    seal: summary.seal,
  };
}

/** The archives of BACKUP_DIR (`*.tar`; a `.partial` is a backup still running or cut short), newest first. */
export class BackupFolder {
  readonly dir: string;
  /** Summaries by name, size and time: a listing reads each archive's headers once. */
  private readonly summaries = new Map<string, { key: string; listed: ListedArchive }>();

  constructor(
    dir: string,
    private readonly master: MasterKey,
  ) {
    this.dir = resolve(dir);
  }

  /** Makes the folder (mode 0700) and checks the server may write there; a BackupError says why not. */
  async ensureWritable(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await access(this.dir, constants.W_OK);
    } catch (error) {
      throw writeFailure(error, this.dir);
    }
  }

  pathOf(name: string): string {
    if (!ARCHIVE_FILE.test(name)) throw new BackupError("ARCHIVE_NOT_A_BACKUP", `${name} is no archive name.`);
    return join(this.dir, name);
  }

  async list(): Promise<ListedArchive[]> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const listed: ListedArchive[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !ARCHIVE_FILE.test(entry.name)) continue;
      const path = join(this.dir, entry.name);
      const info = await stat(path).catch(() => null);
      if (!info) continue; // deleted meanwhile
      const key = `${info.size}:${info.mtimeMs}`;
      const known = this.summaries.get(entry.name);
      if (known?.key === key) {
        listed.push(known.listed);
        continue;
      }
      const summary = await summarizeArchive(path, this.master).catch(
        (): ArchiveSummary => ({ seal: "missing", manifest: null }),
      );
      const item = listedArchive(entry.name, info.size, info.mtime, summary);
      this.summaries.set(entry.name, { key, listed: item });
      listed.push(item);
    }
    const names = new Set(listed.map((item) => item.name));
    for (const name of this.summaries.keys()) if (!names.has(name)) this.summaries.delete(name);
    return listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /**
   * The manifest of a sealed archive, read without its data (the listing's check); a BackupError
   * says why there is none: cut short, another key's, or altered.
   */
  async sealedManifest(name: string): Promise<Manifest> {
    const summary = await summarizeArchive(this.pathOf(name), this.master);
    if (summary.seal === "valid") return summary.manifest;
    if (summary.seal === "missing") throw new BackupError("ARCHIVE_TRUNCATED", `The archive ${name} is incomplete.`);
    if (summary.manifest && summary.manifest.masterKeyId !== this.master.id) {
      throw new BackupError("ARCHIVE_WRONG_KEY", `The archive ${name} was made under another master key.`);
    }
    throw new BackupError("ARCHIVE_ALTERED", `The manifest of ${name} does not match its seal.`);
  }

  /** Reads the whole archive and checks every file's checksum (verifyArchive) before a restore uses it. */
  verify(name: string): Promise<Manifest> {
    return verifyArchive(this.pathOf(name), this.master);
  }

  async remove(name: string): Promise<void> {
    try {
      await rm(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new BackupError("ARCHIVE_NOT_A_BACKUP", `There is no archive ${name}.`);
      }
      throw error;
    }
    this.summaries.delete(name);
  }

  /**
   * Retention: deletes the sealed archives beyond the newest `keep` and those older than `keepDays`
   * (either may be unset), never the newest sealed one; archives it cannot vouch for (not sealed
   * under this key, cut short) are the operator's to judge and stay. Answers the names deleted.
   */
  async prune(rules: { keep?: number; keepDays?: number }, now = new Date()): Promise<string[]> {
    const doomed = doomedByRetention(await this.list(), rules, now);
    for (const item of doomed) await this.remove(item.name);
    return doomed.map((item) => item.name);
  }
}

/**
 * Retention, for the folder and the bucket alike: of the archives listed newest first, the sealed
 * ones beyond the newest `keep` and those older than `keepDays` (either may be unset), never the
 * newest sealed one; archives it cannot vouch for (not sealed under this key, cut short) stay.
 */
export function doomedByRetention(
  listed: ListedArchive[],
  rules: { keep?: number; keepDays?: number },
  now: Date,
): ListedArchive[] {
  const sealed = listed.filter((item) => item.seal === "valid");
  return sealed.slice(1).filter((item, index) => {
    const beyondCount = rules.keep !== undefined && index + 1 >= rules.keep;
    const ageDays = (now.getTime() - Date.parse(item.createdAt)) / 86_400_000;
    const tooOld = rules.keepDays !== undefined && ageDays > rules.keepDays;
    return beyondCount || tooOld;
  });
}
