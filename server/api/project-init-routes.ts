import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { userDatabasesTable } from "../db/schema/index.ts";
import { isHttpError } from "../lib/errors.ts";
import type { UserDatabaseRow } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { ok } from "./lib/core/pair.ts";
import { createManagedDatabase } from "./lib/databases/managed-databases.ts";
import { databaseRef } from "./lib/databases/user-databases.ts";

const DEFAULT_DATABASE_NAME = "default";

/** A small table so a new user's first database view has something to show. */
const EXAMPLE_SQL = `
CREATE TABLE IF NOT EXISTS public.example_tasks (
  id serial PRIMARY KEY,
  title text NOT NULL,
  done boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO public.example_tasks (title, done)
SELECT t.title, t.done FROM (VALUES ('Create your first app', true), ('Add an environment variable', false),
  ('Run a query in the SQL editor', false)) AS t(title, done)
WHERE NOT EXISTS (SELECT 1 FROM public.example_tasks);`;

async function ensureDefaultDatabase(deps: ApiDeps, ownerId: string): Promise<UserDatabaseRow> {
  const find = async () =>
    (
      await deps.store.db
        .select()
        .from(userDatabasesTable)
        .where(
          and(
            eq(userDatabasesTable.ownerType, "user"),
            eq(userDatabasesTable.ownerId, ownerId),
            eq(userDatabasesTable.name, DEFAULT_DATABASE_NAME),
          ),
        )
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing;
  try {
    return await createManagedDatabase(deps, { type: "user", id: ownerId }, DEFAULT_DATABASE_NAME);
  } catch (error) {
    // A concurrent verify created it first: use that one.
    const raced = isHttpError(error) && error.code === "DATABASE_NAME_TAKEN" ? await find() : undefined;
    if (raced) return raced;
    throw error;
  }
}

/**
 * POST /auth/verify: idempotent project initialisation. Creates the first managed database with an
 * example table, then marks the user initialised through the auth service's server API.
 */
export function projectInitRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().post("/verify", async (c) => {
    const userId = c.var.user.id;
    // Read first: a deleted user whose access token still runs gets no database (gone-user.ts answers 401).
    const user = await deps.stackApi.getUser(userId);
    const database = await ensureDefaultDatabase(deps, userId);
    const ref = databaseRef(deps, database);
    await deps.connections.use(ref, (target) => target.pool.query(EXAMPLE_SQL));
    const metadata = user.client_read_only_metadata ?? {};
    if (metadata.projectInitialized !== true) {
      await deps.stackApi.updateClientReadOnlyMetadata(userId, { ...metadata, projectInitialized: true });
    }
    return c.json(ok({ projectInitialized: true as const, databaseId: database.id }));
  });
}
