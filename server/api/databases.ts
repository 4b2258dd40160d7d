import { randomUUID } from "node:crypto";
import { and, asc, eq, or } from "drizzle-orm";
import { Hono } from "hono";
import { createDatabaseSchema, renameDatabaseSchema } from "../contract/databases.ts";
import { moveResourceSchema, type ResourceOwner } from "../contract/teams.ts";
import { userDatabasesTable } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { isHttpError } from "../lib/errors.ts";
import { ownerChannel, ownerOf } from "./access/owner.ts";
import { requireTeamRole, visibleOwners } from "./access/resource-access.ts";
import { apiError } from "./lib/api-error.ts";
import { databaseUnreachable } from "./lib/database-errors.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { type DatabaseEnv, ownDatabase } from "./lib/own-database.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";
import { recordMove } from "./lib/record-move.ts";
import {
  databaseRef,
  databaseScope,
  describeUrl,
  ROLE_PASSWORD_AAD,
  toDatabase,
  URL_AAD,
  type UserDatabaseRow,
} from "./lib/user-databases.ts";

const nameTaken = (name: string) =>
  apiError("DATABASE_NAME_TAKEN", `You already have a database named "${name}".`, { name });

const ownedBy = (owner: ResourceOwner) =>
  and(eq(userDatabasesTable.ownerType, owner.type), eq(userDatabasesTable.ownerId, owner.id));

/** Tells every member of the owner that its databases changed (a notice, and a list to refetch). */
export async function databasesChanged(deps: ApiDeps, owner: ResourceOwner, notice?: DatabaseNotice): Promise<void> {
  const channel = ownerChannel(owner);
  if (notice) {
    const verb = notice.kind === "databaseCreated" ? "created" : "deleted";
    await deps.events.publish(channel, { type: "notify", message: `Database "${notice.name}" ${verb}`, notice });
  }
  await deps.events.publish(channel, { type: "store", store: "databases", op: "refetch" });
}
type DatabaseNotice = { kind: "databaseCreated" | "databaseDeleted"; name: string };

/** Creates a managed database for the owner (storage first, then the registry row). */
export async function createManagedDatabase(
  deps: ApiDeps,
  owner: ResourceOwner,
  name: string,
): Promise<UserDatabaseRow> {
  const id = randomUUID();
  const existing = await deps.store.db
    .select({ id: userDatabasesTable.id })
    .from(userDatabasesTable)
    .where(and(ownedBy(owner), eq(userDatabasesTable.name, name)));
  if (existing.length > 0) throw nameTaken(name);
  const { location, rolePassword } = await deps.connections.createManaged(id);
  try {
    const encryptedRolePassword = rolePassword
      ? await deps.vault.seal(databaseScope(id), rolePassword, ROLE_PASSWORD_AAD)
      : null;
    const [row] = await deps.store.db
      .insert(userDatabasesTable)
      .values({
        id,
        ownerType: owner.type,
        ownerId: owner.id,
        name,
        kind: "managed",
        engine: deps.connections.managedEngine,
        location,
        encryptedRolePassword,
      })
      .returning();
    return (
      row ??
      (() => {
        throw new Error("insert returned no row");
      })()
    );
  } catch (error) {
    // Clean-up of a database that was never handed out; the creation's own error is what the
    // caller gets, and what the clean-up leaves behind (a cluster, a vault key) is logged.
    await deps.connections
      .dropManaged({ id, kind: "managed", engine: deps.connections.managedEngine, location })
      .catch((err: unknown) => deps.logger.warn({ err, databaseId: id }, "could not drop a half-created database"));
    await deps.vault
      .forget(databaseScope(id))
      .catch((err: unknown) =>
        deps.logger.warn({ err, databaseId: id }, "could not forget the key of a half-created database"),
      );
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export function databasesRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return (
    new Hono<DatabaseEnv>()
      .get("/", async (c) => {
        // The caller's own databases and those of every team they hold a role in.
        const owners = await visibleOwners(deps, c.var.user.id);
        const rows = await db
          .select()
          .from(userDatabasesTable)
          .where(or(...owners.map(ownedBy)))
          .orderBy(asc(userDatabasesTable.createdAt), asc(userDatabasesTable.name));
        return c.json(ok(rows.map(toDatabase)));
      })
      .post("/", async (c) => {
        const input = await readJson(c, createDatabaseSchema);
        const owner: ResourceOwner = input.team_id
          ? { type: "team", id: input.team_id }
          : { type: "user", id: c.var.user.id };
        if (owner.type === "team") await requireTeamRole(deps, owner.id, c.var.user.id, "admin");
        let row: UserDatabaseRow;
        if (input.kind === "managed") {
          row = await createManagedDatabase(deps, owner, input.name);
        } else {
          try {
            await deps.connections.probe(input.url);
          } catch (error) {
            if (isHttpError(error)) throw error; // a refused address or URL keeps its own code
            throw databaseUnreachable(error, "Could not connect");
          }
          const id = randomUUID();
          const encryptedUrl = await deps.vault.seal(databaseScope(id), input.url, URL_AAD);
          try {
            const [inserted] = await db
              .insert(userDatabasesTable)
              .values({
                id,
                ownerType: owner.type,
                ownerId: owner.id,
                name: input.name,
                kind: "external",
                engine: "postgres",
                location: describeUrl(input.url),
                encryptedUrl,
              })
              .returning();
            row =
              inserted ??
              (() => {
                throw new Error("insert returned no row");
              })();
          } catch (error) {
            await deps.vault.forget(databaseScope(id));
            if (isUniqueViolation(error)) throw nameTaken(input.name);
            throw error;
          }
        }
        await databasesChanged(deps, owner, { kind: "databaseCreated", name: row.name });
        return c.json(ok(toDatabase(row)), 201);
      })
      .patch("/:dbId", async (c) => {
        const input = await readJson(c, renameDatabaseSchema);
        const current = await ownDatabase(deps, c, "admin");
        try {
          const [row] = await db
            .update(userDatabasesTable)
            .set({ name: input.name, updatedAt: new Date() })
            .where(eq(userDatabasesTable.id, current.id))
            .returning();
          await databasesChanged(deps, ownerOf(current));
          return c.json(ok(toDatabase(row ?? current)));
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken(input.name);
          throw error;
        }
      })
      .delete("/:dbId", async (c) => {
        const current = await ownDatabase(deps, c, "admin");
        await db.delete(userDatabasesTable).where(eq(userDatabasesTable.id, current.id));
        await deps.connections.dropManaged(databaseRef(deps, current));
        await deps.vault.forget(databaseScope(current.id));
        await databasesChanged(deps, ownerOf(current), { kind: "databaseDeleted", name: current.name });
        return c.json(ok({ id: current.id, deleted: true as const }));
      })
      // Into a team, or back to the caller's personal workspace: admin on both sides.
      .post("/:dbId/move", async (c) => {
        const input = await readJson(c, moveResourceSchema);
        const current = await ownDatabase(deps, c, "admin");
        const to: ResourceOwner = input.team_id
          ? { type: "team", id: input.team_id }
          : { type: "user", id: c.var.user.id };
        if (to.type === "team") await requireTeamRole(deps, to.id, c.var.user.id, "admin");
        try {
          const [row] = await db
            .update(userDatabasesTable)
            .set({ ownerType: to.type, ownerId: to.id, updatedAt: new Date() })
            .where(eq(userDatabasesTable.id, current.id))
            .returning();
          await recordMove(
            deps.store.db,
            c.var.user,
            { type: "database", id: current.id, name: current.name },
            ownerOf(current),
            to,
          );
          await databasesChanged(deps, ownerOf(current));
          await databasesChanged(deps, to);
          return c.json(ok(toDatabase(row ?? current)));
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken(current.name);
          throw error;
        }
      })
  );
}
