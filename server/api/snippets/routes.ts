import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import {
  importSnippetsSchema,
  SNIPPETS_MAX_PER_USER,
  type SnippetRecord,
  saveSnippetSchema,
  snippetListQuerySchema,
  updateSnippetSchema,
} from "../../contract/snippets.ts";
import type { ResourceOwner } from "../../contract/teams.ts";
import { sqlSnippetsTable } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { databaseAccessFor, requireTeamRole } from "../lib/access/resource-access.ts";
import type { Role } from "../lib/access/roles.ts";
import {
  ownedBy,
  SNIPPET_WRITE_ROLE,
  type SnippetRow,
  snippetEditable,
  snippetGrant,
  snippetOwner,
} from "../lib/access/snippet-access.ts";
import type { ApiDeps } from "../lib/api-deps.ts";
import type { ApiEnv } from "../lib/core/api-env.ts";
import { apiError } from "../lib/core/api-error.ts";
import { ok } from "../lib/core/pair.ts";
import { readJson, readQuery } from "../lib/core/read-input.ts";

const record = (row: SnippetRow, role: Role): SnippetRecord => ({
  id: row.id,
  owner: snippetOwner(row),
  editable: snippetEditable(role),
  name: row.name,
  description: row.description,
  folder: row.folder,
  sql: row.sql,
  databaseId: row.databaseId,
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => apiError("SNIPPET_NOT_FOUND", "Snippet not found.");
/** LIKE's wildcards and its escape character, taken literally. */
const literalPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * /snippets: saved queries, the caller's own and their teams' (rights from the access layer:
 * server/api/lib/access/snippet-access.ts). A snippet the caller may not read answers SNIPPET_NOT_FOUND,
 * exactly like a missing one. The list holds the caller's own, plus the snippets of the team that
 * owns `databaseId` (the database on screen) when the caller is a member there.
 */
export function snippetsRoutes(deps: ApiDeps) {
  const db = deps.store.db;
  const checkRoom = async (owner: ResourceOwner, adding: number) => {
    const [row] = await db.select({ n: count() }).from(sqlSnippetsTable).where(ownedBy(owner));
    if ((row?.n ?? 0) + adding > SNIPPETS_MAX_PER_USER) {
      throw apiError("SNIPPET_LIMIT_REACHED", `At most ${SNIPPETS_MAX_PER_USER} snippets per owner.`, {
        max: SNIPPETS_MAX_PER_USER,
      });
    }
  };
  const nameTaken = (name: string | undefined) =>
    apiError("SNIPPET_NAME_TAKEN", "A snippet with this name exists already.", { name });

  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      const query = readQuery(c, snippetListQuerySchema);
      const userId = c.var.user.id;
      const owners: Array<{ owner: ResourceOwner; role: Role }> = [
        { owner: { type: "user", id: userId }, role: "owner" },
      ];
      if (query.databaseId) {
        // The database on screen, as every /db route reads it: another's answers DATABASE_NOT_FOUND.
        const { row, role } = await databaseAccessFor(deps, userId, query.databaseId)("viewer");
        if (row.ownerType === "team") owners.push({ owner: { type: "team", id: row.ownerId }, role });
      }
      const needle = query.q?.trim();
      const rows = await db
        .select()
        .from(sqlSnippetsTable)
        .where(
          and(
            or(...owners.map(({ owner }) => ownedBy(owner))),
            query.folder !== undefined ? eq(sqlSnippetsTable.folder, query.folder) : undefined,
            needle
              ? or(
                  ilike(sqlSnippetsTable.name, literalPattern(needle)),
                  ilike(sqlSnippetsTable.description, literalPattern(needle)),
                  ilike(sqlSnippetsTable.folder, literalPattern(needle)),
                  ilike(sqlSnippetsTable.sql, literalPattern(needle)),
                )
              : undefined,
          ),
        )
        // The user's own first ('user' > 'team'), then by folder and name.
        .orderBy(desc(sqlSnippetsTable.ownerType), asc(sqlSnippetsTable.folder), asc(sqlSnippetsTable.name));
      const roleOf = (row: SnippetRow) =>
        owners.find(({ owner }) => owner.type === row.ownerType && owner.id === row.ownerId)?.role ?? "viewer";
      return c.json(ok(rows.map((row) => record(row, roleOf(row)))));
    })
    .post("/", async (c) => {
      const { teamId, ...input } = await readJson(c, saveSnippetSchema);
      const userId = c.var.user.id;
      const owner: ResourceOwner = teamId ? { type: "team", id: teamId } : { type: "user", id: userId };
      if (teamId) await requireTeamRole(deps, teamId, userId, SNIPPET_WRITE_ROLE);
      const role: Role = teamId ? ((await deps.rights.roleIn(teamId, userId)) ?? SNIPPET_WRITE_ROLE) : "owner";
      const [existing] = await db
        .select({ id: sqlSnippetsTable.id })
        .from(sqlSnippetsTable)
        .where(and(ownedBy(owner), eq(sqlSnippetsTable.name, input.name)));
      if (!existing) await checkRoom(owner, 1);
      const [row] = await db
        .insert(sqlSnippetsTable)
        .values({ ownerType: owner.type, ownerId: owner.id, ...input })
        .onConflictDoUpdate({
          target: [sqlSnippetsTable.ownerType, sqlSnippetsTable.ownerId, sqlSnippetsTable.name],
          set: {
            sql: input.sql,
            description: input.description,
            folder: input.folder,
            databaseId: input.databaseId,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw notFound();
      return c.json(ok(record(row, role)), existing ? 200 : 201);
    })
    .post("/import", async (c) => {
      const input = await readJson(c, importSnippetsSchema);
      const owner: ResourceOwner = { type: "user", id: c.var.user.id };
      const unique = [...new Map(input.snippets.map((s) => [s.name.trim(), s])).values()];
      if (unique.length === 0) return c.json(ok({ imported: 0, skipped: 0 }));
      await checkRoom(owner, 0);
      const rows = await db
        .insert(sqlSnippetsTable)
        .values(unique.map((s) => ({ ownerType: owner.type, ownerId: owner.id, name: s.name.trim(), sql: s.sql })))
        .onConflictDoNothing({ target: [sqlSnippetsTable.ownerType, sqlSnippetsTable.ownerId, sqlSnippetsTable.name] })
        .returning({ id: sqlSnippetsTable.id });
      return c.json(ok({ imported: rows.length, skipped: input.snippets.length - rows.length }));
    })
    .get("/:id", async (c) => {
      const { row, role } = await snippetGrant(deps, c.var.user.id, c.req.param("id"), "viewer");
      return c.json(ok(record(row, role)));
    })
    .patch("/:id", async (c) => {
      const input = await readJson(c, updateSnippetSchema);
      const { row: found, role } = await snippetGrant(deps, c.var.user.id, c.req.param("id"), SNIPPET_WRITE_ROLE);
      try {
        const [row] = await db
          .update(sqlSnippetsTable)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(sqlSnippetsTable.id, found.id))
          .returning();
        if (!row) throw notFound();
        return c.json(ok(record(row, role)));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
    })
    .post("/:id/run", async (c) => {
      // Running is reading: every member who may read a team's snippet marks its last run.
      const { row: found, role } = await snippetGrant(deps, c.var.user.id, c.req.param("id"), "viewer");
      const [row] = await db
        .update(sqlSnippetsTable)
        .set({ lastRunAt: sql`now()` })
        .where(eq(sqlSnippetsTable.id, found.id))
        .returning();
      if (!row) throw notFound();
      return c.json(ok(record(row, role)));
    })
    .delete("/:id", async (c) => {
      const id = c.req.param("id");
      const { row: found } = await snippetGrant(deps, c.var.user.id, id, SNIPPET_WRITE_ROLE);
      const [row] = await db
        .delete(sqlSnippetsTable)
        .where(eq(sqlSnippetsTable.id, found.id))
        .returning({ id: sqlSnippetsTable.id });
      if (!row) throw notFound();
      return c.json(ok({ id, deleted: true }));
    });
}
