import { createWriteStream, existsSync, readdirSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { clusterDatabaseUrl, isolateTenantDatabase } from "../api/lib/databases/managed-roles.ts";
import { databaseScope, ROLE_PASSWORD_AAD } from "../api/lib/databases/user-databases.ts";
import { openStore } from "../db/store.ts";
import type { MasterKey } from "../lib/envelope.ts";
import type { Logger } from "../lib/logger.ts";
import { Vault } from "../lib/vault.ts";
import { readArchiveFiles, verifyArchive } from "./archive-reader.ts";
import { BackupError } from "./backup-error.ts";
import { askServer } from "./control-socket.ts";
import type { Manifest } from "./manifest.ts";
import { recordOffline } from "./offline-audit.ts";
import { pgRestoreFromStream } from "./pg-tools.ts";

export interface RestoreTarget {
  dataDir: string;
  /** Set: the archive goes into this (empty) PostgreSQL database and managed databases beside it. */
  databaseUrl?: string;
  logger: Logger;
}

/**
 * Restores an instance archive: checks all of it first (verifyArchive), then fills an empty data
 * folder (PGlite) or an empty PostgreSQL database and its cluster (managed databases, each with
 * its own role again). Refuses a target that holds data, and a PGlite folder a server has open.
 */
export async function restoreInstance(
  archivePath: string,
  master: MasterKey,
  target: RestoreTarget,
): Promise<Manifest> {
  const manifest = await verifyArchive(archivePath, master);
  const kind = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.store !== kind) {
    throw new BackupError(
      "RESTORE_STORE_MISMATCH",
      `The archive holds a ${manifest.store === "postgres" ? "PostgreSQL" : "PGlite"} instance; ` +
        (kind === "postgres" ? "unset DATABASE_URL to restore it into DATA_DIR." : "set DATABASE_URL to restore it."),
    );
  }
  if (target.databaseUrl) await restorePostgres(archivePath, manifest, master, target.databaseUrl, target.logger);
  else await restorePglite(archivePath, manifest, target.dataDir);
  await recordRestore(archivePath, manifest, target);
  return manifest;
}

/** The restore in the restored instance's own audit log, so its operators see where its history resumes. */
async function recordRestore(archivePath: string, manifest: Manifest, target: RestoreTarget): Promise<void> {
  await recordOffline(target, {
    action: "instance.restored",
    actor: null,
    subject: archivePath,
    detail: {
      backupCreatedAt: manifest.createdAt,
      appVersion: manifest.appVersion,
      databases: manifest.databases.length,
    },
  });
}

async function restorePglite(archivePath: string, manifest: Manifest, dataDir: string): Promise<void> {
  // A socket that fails otherwise (permissions) is no answering server: the checks below still run.
  if ((await askServer(dataDir, { op: "ping" }).catch(() => null)) !== null) {
    throw new BackupError(
      "SERVER_RUNNING",
      `A server is running on ${dataDir}; stop it, and restore into an empty data folder.`,
    );
  }
  const taken = [
    join(dataDir, "store"),
    ...manifest.databases.map((d) => join(dataDir, "databases", d.location)),
  ].filter((path) => existsSync(path) && readdirSync(path).length > 0);
  const anyDatabase =
    existsSync(join(dataDir, "databases")) &&
    readdirSync(join(dataDir, "databases")).some((name) => name.startsWith("ud_"));
  if (taken.length > 0 || anyDatabase) {
    throw new BackupError(
      "RESTORE_TARGET_NOT_EMPTY",
      `${dataDir} already holds a store or databases; restore into an empty data folder (only master.key in it).`,
    );
  }
  // Written beside, moved into place when complete: a restore cut short leaves no half store to start on.
  const staging = join(dataDir, `.restoring-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const folder of manifest.folders) await mkdir(join(staging, folder), { recursive: true, mode: 0o700 });
    await readArchiveFiles(archivePath, manifest, async (name, stream) => {
      const path = join(staging, name);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await pipeline(stream, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    });
    await mkdir(join(dataDir, "databases"), { recursive: true });
    for (const database of manifest.databases) {
      await rm(join(dataDir, "databases", database.location), { recursive: true, force: true });
      await rename(join(staging, "databases", database.location), join(dataDir, "databases", database.location));
    }
    await rm(join(dataDir, "store"), { recursive: true, force: true });
    await rename(join(staging, "store"), join(dataDir, "store"));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    // Clean-up: a connection that fails to close is gone either way.
    await client.end().catch(() => undefined);
  }
}

async function restorePostgres(
  archivePath: string,
  manifest: Manifest,
  master: MasterKey,
  databaseUrl: string,
  logger: Logger,
): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const used = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'`,
    );
    if (used.rows[0].n > 0) {
      throw new BackupError(
        "RESTORE_TARGET_NOT_EMPTY",
        "The database DATABASE_URL names already holds tables; restore into an empty database.",
      );
    }
    const existing = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = ANY($1)",
      [manifest.databases.map((d) => d.location)],
    );
    if (existing.rows.length > 0) {
      throw new BackupError(
        "RESTORE_TARGET_NOT_EMPTY",
        `The cluster already has the managed database(s) ${existing.rows.map((r) => r.datname).join(", ")}; ` +
          "restore into a cluster without them.",
      );
    }
  });
  await readArchiveFiles(archivePath, manifest, async (name, stream: Readable) => {
    if (name === "store.pgdump") {
      await pgRestoreFromStream(databaseUrl, stream);
      return;
    }
    const location = /^databases\/(ud_[0-9a-f]+)\.pgdump$/.exec(name)?.[1];
    if (!location) throw new BackupError("ARCHIVE_ALTERED", `A PostgreSQL archive holds ${name}.`);
    await withClient(databaseUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(location)}`));
    await pgRestoreFromStream(clusterDatabaseUrl(databaseUrl, location), stream);
  });
  // Roles are the cluster's, not a database's: each managed database gets its own again, with the
  // password the store keeps sealed for it, and is handed to it as at its creation.
  const store = await openStore({ dataDir: "", databaseUrl, logger });
  try {
    const vault = new Vault(store.db, master);
    const rows = await store.query<{ id: string; location: string; sealed: string | null }>(
      "SELECT id::text AS id, location, encrypted_role_password AS sealed FROM user_databases WHERE kind = 'managed' AND engine = 'postgres'",
    );
    const restored = new Set(manifest.databases.map((d) => d.location));
    for (const row of rows) {
      if (!row.sealed || !restored.has(row.location)) continue;
      const password = await vault.open(databaseScope(row.id), row.sealed, ROLE_PASSWORD_AAD);
      await isolateTenantDatabase(databaseUrl, row.location, password);
    }
  } finally {
    await store.close();
  }
}
