import { randomUUID } from "node:crypto";
import { asc, eq, or } from "drizzle-orm";
import { Hono } from "hono";
import { createDatabaseSchema, renameDatabaseSchema } from "../contract/databases.ts";
import { moveResourceSchema, type ResourceOwner } from "../contract/teams.ts";
import { userDatabasesTable } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { isHttpError } from "../lib/errors.ts";
import { ownerOf } from "./lib/access/owner.ts";
import { requireTeamRole, type UserDatabaseRow, visibleOwners } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { databaseUnreachable } from "./lib/databases/database-errors.ts";
import { createManagedDatabase, databasesChanged, nameTaken, ownedBy } from "./lib/databases/managed-databases.ts";
import { type DatabaseEnv, ownDatabase } from "./lib/databases/own-database.ts";
import { databaseRef, databaseScope, describeUrl, toDatabase, URL_AAD } from "./lib/databases/user-databases.ts";
import { recordMove } from "./lib/history/record-move.ts";

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
