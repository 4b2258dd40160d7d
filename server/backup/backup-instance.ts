import { mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { currentSchemaVersion } from "../db/schema-version.ts";
import type { MasterKey } from "../lib/envelope.ts";
import { ArchiveWriter } from "./archive-writer.ts";
import { writeFailure } from "./backup-error.ts";
import type { Manifest } from "./manifest.ts";
import { pgDumpToFile } from "./pg-tools.ts";

const appVersion = process.env.npm_package_version ?? "0.0.0";

/** A managed database the archive carries. */
export interface ManagedDatabase {
  id: string;
  location: string;
  /** Its name and owner, so one database can be restored from the archive for the same owner. */
  name?: string;
  owner?: { type: "user" | "team"; id: string };
}

/** What the manifest says of a database: where, how large, and whose by which name when known. */
function described(database: ManagedDatabase, bytes: number): Manifest["databases"][number] {
  return {
    location: database.location,
    bytes,
    ...(database.name === undefined ? {} : { name: database.name }),
    ...(database.owner ? { owner: database.owner } : {}),
  };
}

/** What an instance backup reads: PGlite cluster folders copied while quiet, or PostgreSQL databases dumped. */
export type BackupSource =
  | {
      kind: "pglite";
      managedDatabases(): Promise<ManagedDatabase[]>;
      /** Runs `copy` on the store's cluster folder while the store runs no statement. */
      withQuietStore<T>(copy: (clusterDir: string) => Promise<T>): Promise<T>;
      withQuietDatabase<T>(database: ManagedDatabase, copy: (clusterDir: string) => Promise<T>): Promise<T>;
    }
  | {
      kind: "postgres";
      managedDatabases(): Promise<ManagedDatabase[]>;
      /** The URL pg_dump reads the store from (DATABASE_URL). */
      storeUrl: string;
      /** The URL of a managed database, as the cluster's administrator. */
      databaseUrl(database: ManagedDatabase): string;
    };

/** How far a backup is: the bytes in the archive so far, and the managed databases done of all. */
export interface BackupProgress {
  bytes: number;
  databasesDone: number;
  databasesTotal: number;
}

/**
 * Writes one archive of the whole instance to `archivePath`: the store and every managed database,
 * each a consistent state of its own (PGlite: its files copied while no statement runs;
 * PostgreSQL: pg_dump's snapshot), then the manifest sealed under the master key. Nothing is left
 * at `archivePath` unless the archive is complete.
 */
export async function backupInstance(
  source: BackupSource,
  master: MasterKey,
  archivePath: string,
  onProgress: (progress: BackupProgress) => void = () => undefined,
): Promise<Manifest> {
  const writer = new ArchiveWriter(archivePath);
  let bytes = 0;
  let total = 0;
  const advanced = (added: number, databasesDone: number) => {
    bytes += added;
    onProgress({ bytes, databasesDone, databasesTotal: total });
  };
  // Dumps wait here before they go into the archive (a tar entry needs its size first).
  let workDir: string | null = null;
  try {
    const databases: Manifest["databases"] = [];
    if (source.kind === "pglite") {
      const listed = await source.managedDatabases();
      total = listed.length;
      advanced(0, 0);
      advanced(await source.withQuietStore((dir) => writer.addFolder("store", dir)), 0);
      for (const database of listed) {
        const bytes = await source.withQuietDatabase(database, (dir) =>
          writer.addFolder(`databases/${database.location}`, dir),
        );
        databases.push(described(database, bytes));
        advanced(bytes, databases.length);
      }
    } else {
      workDir = await mkdtemp(join(dirname(archivePath), ".backup-work-"));
      const dumped = async (name: string, url: string) => {
        const file = join(workDir ?? "", "dump");
        await pgDumpToFile(url, file);
        const bytes = await writer.addFile(name, file);
        await rm(file, { force: true });
        return bytes;
      };
      advanced(await dumped("store.pgdump", source.storeUrl), 0);
      // Listed after the store's dump, so every database its rows name is in the archive (one created
      // meanwhile comes along without a row: restored, harmless, reachable by nobody).
      const listed = await source.managedDatabases();
      total = listed.length;
      for (const database of listed) {
        const bytes = await dumped(`databases/${database.location}.pgdump`, source.databaseUrl(database));
        databases.push(described(database, bytes));
        advanced(bytes, databases.length);
      }
    }
    return await writer.finish(master, {
      format: "appconsole-backup",
      formatVersion: 1,
      appVersion,
      createdAt: new Date().toISOString(),
      store: source.kind,
      schema: currentSchemaVersion(),
      masterKeyId: master.id,
      databases,
    });
  } catch (error) {
    await writer.abort();
    // The file's own failure is the cause when there is one (the copy then fails only as a consequence).
    throw writeFailure(writer.writeError ?? error, dirname(archivePath));
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * `backup-2026-11-29T01-02-03.456Z.tar`: sorts by time, and holds no character a file system refuses.
 * The milliseconds keep two backups of one second apart (a small instance backs up in well under one,
 * and a second name alike would replace the first archive).
 */
export function archiveName(date = new Date()): string {
  return `backup-${date.toISOString().replaceAll(":", "-")}.tar`;
}
