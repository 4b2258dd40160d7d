import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createDatabaseSchema, renameDatabaseSchema } from "../contract/databases.ts";
import { userDatabasesTable } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { isHttpError } from "../lib/errors.ts";
import { apiError } from "./lib/api-error.ts";
import { databaseUnreachable } from "./lib/database-errors.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { type DatabaseEnv, ownDatabase } from "./lib/own-database.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";
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

/** Creates a managed database for the user (storage first, then the registry row). */
export async function createManagedDatabase(deps: ApiDeps, ownerId: string, name: string): Promise<UserDatabaseRow> {
  const id = randomUUID();
  const existing = await deps.store.db
    .select({ id: userDatabasesTable.id })
    .from(userDatabasesTable)
    .where(and(eq(userDatabasesTable.ownerId, ownerId), eq(userDatabasesTable.name, name)));
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
        ownerId,
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
    await deps.connections
      .dropManaged({ id, kind: "managed", engine: deps.connections.managedEngine, location })
      .catch(() => undefined);
    await deps.vault.forget(databaseScope(id)).catch(() => undefined);
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export function databasesRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return new Hono<DatabaseEnv>()
    .get("/", async (c) => {
      const rows = await db
        .select()
        .from(userDatabasesTable)
        .where(eq(userDatabasesTable.ownerId, c.var.user.id))
        .orderBy(asc(userDatabasesTable.createdAt), asc(userDatabasesTable.name));
      return c.json(ok(rows.map(toDatabase)));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createDatabaseSchema);
      const ownerId = c.var.user.id;
      let row: UserDatabaseRow;
      if (input.kind === "managed") {
        row = await createManagedDatabase(deps, ownerId, input.name);
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
              ownerId,
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
      await deps.events.publish(ownerId, {
        type: "notify",
        message: `Database "${row.name}" created`,
        notice: { kind: "databaseCreated", name: row.name },
      });
      return c.json(ok(toDatabase(row)), 201);
    })
    .patch("/:dbId", async (c) => {
      const input = await readJson(c, renameDatabaseSchema);
      const current = await ownDatabase(deps, c);
      try {
        const [row] = await db
          .update(userDatabasesTable)
          .set({ name: input.name, updatedAt: new Date() })
          .where(eq(userDatabasesTable.id, current.id))
          .returning();
        return c.json(ok(toDatabase(row ?? current)));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
    })
    .delete("/:dbId", async (c) => {
      const current = await ownDatabase(deps, c);
      await db.delete(userDatabasesTable).where(eq(userDatabasesTable.id, current.id));
      await deps.connections.dropManaged(await databaseRef(deps, current));
      await deps.vault.forget(databaseScope(current.id));
      await deps.events.publish(c.var.user.id, {
        type: "notify",
        message: `Database "${current.name}" deleted`,
        notice: { kind: "databaseDeleted", name: current.name },
      });
      return c.json(ok({ id: current.id, deleted: true as const }));
    });
}
