import { Hono } from "hono";
import { branchDatabaseSchema } from "../contract/db-branch.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { databaseUnreachable } from "./lib/databases/database-errors.ts";
import { discardHalfMadeDatabase } from "./lib/databases/discard-database.ts";
import { createManagedDatabase, databasesChanged } from "./lib/databases/managed-databases.ts";
import { type DatabaseEnv, ownDatabase } from "./lib/databases/own-database.ts";
import { databaseRef, toDatabase } from "./lib/databases/user-databases.ts";

/**
 * `POST /db/{id}/branch`: a new managed database of the same owner (the user, or the team), made
 * from one of its managed databases in one step (its schema alone, or with its rows), to try a migration and throw it away.
 */
export function branchRoutes(deps: ApiDeps) {
  return new Hono<DatabaseEnv>().post("/", async (c) => {
    const input = await readJson(c, branchDatabaseSchema);
    // The branch belongs to the source's owner (the user, or the team): making it needs the role
    // that creating a database there needs.
    const source = await ownDatabase(deps, c, "admin");
    if (source.kind !== "managed") {
      throw apiError("DATABASE_BRANCH_EXTERNAL", "Only databases the console manages can be branched.");
    }
    const owner = ownerOf(source);
    const row = await createManagedDatabase(deps, owner, input.name);
    try {
      const method = await deps.connections.branchInto(
        databaseRef(deps, source),
        databaseRef(deps, row),
        input.withData,
      );
      deps.logger.info({ databaseId: row.id, sourceId: source.id, method }, "database branched");
    } catch (error) {
      // The half-made branch goes again, so a retry with the same name works.
      await discardHalfMadeDatabase(deps, row, "branch");
      throw databaseUnreachable(error, "Could not branch the database");
    }
    await databasesChanged(deps, owner, { kind: "databaseCreated", name: row.name });
    return c.json(ok(toDatabase(row)), 201);
  });
}
