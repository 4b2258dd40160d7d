import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { BackupError } from "../backup/backup-error.ts";
import { ARCHIVE_FILE } from "../backup/backup-folder.ts";
import type { Manifest } from "../backup/manifest.ts";
import { extractPgliteDatabase, restorePostgresDatabase } from "../backup/restore-database.ts";
import { type ArchiveDatabases, restoreArchivedDatabaseSchema } from "../contract/backups.ts";
import type { ResourceOwner } from "../contract/teams.ts";
import { userDatabasesTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";
import { HttpError } from "../lib/errors.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { discardHalfMadeDatabase } from "./lib/databases/discard-database.ts";
import { createManagedDatabase, databasesChanged } from "./lib/databases/managed-databases.ts";
import { databaseRef, toDatabase } from "./lib/databases/user-databases.ts";
import { recordAsOperator } from "./lib/history/operator-audit.ts";

/** The archive and database failures an operator can act on, by their own codes; anything else stays an error. */
const PASSED_ON = new Set([
  "ARCHIVE_TRUNCATED",
  "ARCHIVE_ALTERED",
  "ARCHIVE_WRONG_KEY",
  "ARCHIVE_NEWER_SCHEMA",
  "RESTORE_STORE_MISMATCH",
  "PG_CLIENT_MISSING",
  "PG_TOOL_FAILED",
  "BACKUP_BUCKET_DENIED",
  "BACKUP_BUCKET_MISSING",
  "BACKUP_BUCKET_UNREACHABLE",
  "BACKUP_BUCKET_FAILED",
] as const);

function refusal(error: unknown): never {
  if (error instanceof BackupError) {
    if (error.code === "ARCHIVE_NOT_A_BACKUP") throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
    const code = error.code as typeof PASSED_ON extends Set<infer C> ? C : never;
    if (PASSED_ON.has(code)) throw apiError(code, error.message);
  }
  if ((error as NodeJS.ErrnoException).code === "ENOENT") throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
  throw error;
}

function nameParam(name: string): string {
  if (!ARCHIVE_FILE.test(name)) throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
  return name;
}

/** The owner's label (an e-mail, a team's name); null when unknown, `gone` when the auth service has no such owner. */
async function ownerLabel(deps: ApiDeps, owner: ResourceOwner): Promise<string | null | "gone"> {
  try {
    if (owner.type === "user") {
      const user = await deps.stackApi.getUser(owner.id);
      return user.primary_email ?? user.display_name ?? null;
    }
    return (await deps.stackApi.getTeam(owner.id)).display_name;
  } catch (error) {
    if (error instanceof HttpError && error.details?.status === 404) return "gone";
    deps.logger.warn({ err: error, owner: owner.type }, "could not read a database owner's label");
    return null;
  }
}

/** The databases of the instance whose storage the archive names: still live, under their names now. */
async function liveByLocation(db: Db, manifest: Manifest) {
  const locations = manifest.databases.map((database) => database.location);
  if (locations.length === 0) return new Map<string, typeof userDatabasesTable.$inferSelect>();
  const rows = await db.select().from(userDatabasesTable).where(inArray(userDatabasesTable.location, locations));
  return new Map(rows.map((row) => [row.location, row]));
}

/**
 * Restoring one database of an archive into a new managed database (operators only, behind the
 * Backups page's gate): `GET /{name}/databases` lists what the archive holds, `POST
 * /{name}/restore-database` checks the whole archive (every checksum, the key, the schema) and
 * then fills a new database of the same owner, by a name the operator gives: never over a live one.
 */
export function adminBackupDatabasesRoutes(deps: ApiDeps) {
  const { backups } = deps;
  const audit = { db: deps.store.db, logger: deps.logger };
  return new Hono<ApiEnv>()
    .get("/:name/databases", async (c) => {
      const name = nameParam(c.req.param("name"));
      await backups.localArchive(name).catch(refusal);
      const manifest = await backups.folder.sealedManifest(name).catch(refusal);
      const live = await liveByLocation(deps.store.db, manifest);
      const databases: ArchiveDatabases["databases"] = [];
      for (const database of manifest.databases) {
        const row = live.get(database.location);
        const owner = database.owner ?? (row ? { type: row.ownerType, id: row.ownerId } : null);
        const label = owner ? await ownerLabel(deps, owner) : null;
        databases.push({
          location: database.location,
          bytes: database.bytes,
          name: database.name ?? row?.name ?? null,
          owner: owner ? { ...owner, label: label === "gone" ? null : label } : null,
          liveName: row?.name ?? null,
        });
      }
      return c.json(ok({ archive: name, createdAt: manifest.createdAt, databases } satisfies ArchiveDatabases));
    })
    .post("/:name/restore-database", async (c) => {
      const name = nameParam(c.req.param("name"));
      const input = await readJson(c, restoreArchivedDatabaseSchema);
      await backups.localArchive(name).catch(refusal);
      const manifest = await backups.folder.verify(name).catch(refusal);
      if (manifest.store !== deps.connections.managedEngine) {
        throw apiError(
          "RESTORE_STORE_MISMATCH",
          `The archive holds a ${manifest.store} instance; this one runs on the other store.`,
        );
      }
      const archived = manifest.databases.find((database) => database.location === input.location);
      if (!archived) throw apiError("BACKUP_DATABASE_NOT_FOUND", `The archive holds no database ${input.location}.`);
      const row = (await liveByLocation(deps.store.db, manifest)).get(input.location);
      const owner: ResourceOwner | null = archived.owner ?? (row ? { type: row.ownerType, id: row.ownerId } : null);
      if (!owner || (await ownerLabel(deps, owner)) === "gone") {
        throw apiError("BACKUP_OWNER_GONE", "The database's owner is unknown or no longer exists.");
      }
      const created = await createManagedDatabase(deps, owner, input.name);
      const path = backups.folder.pathOf(name);
      try {
        await deps.connections.fillManaged(databaseRef(deps, created), {
          pglite: (dir) => extractPgliteDatabase(path, manifest, input.location, dir),
          postgres: (url) => restorePostgresDatabase(path, manifest, input.location, url),
        });
      } catch (error) {
        await discardHalfMadeDatabase(deps, created, "restored database");
        deps.logger.error(
          { err: error, archive: name, location: input.location },
          "restoring a database from a backup failed",
        );
        refusal(error);
      }
      await databasesChanged(deps, owner, { kind: "databaseCreated", name: created.name });
      await recordAsOperator(audit, c.var.user, [
        {
          action: "backup.database_restored",
          subject: name,
          detail: { location: input.location, databaseId: created.id, ownerType: owner.type, ownerId: owner.id },
        },
      ]);
      return c.json(ok(toDatabase(created)), 201);
    });
}
