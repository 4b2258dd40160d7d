import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import {
  importSnippetsSchema,
  SNIPPETS_MAX_PER_USER,
  type SnippetRecord,
  saveSnippetSchema,
  snippetListQuerySchema,
  updateSnippetSchema,
} from "../../contract/snippets.ts";
import { sqlSnippetsTable } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { ApiEnv } from "../lib/api-env.ts";
import { apiError } from "../lib/api-error.ts";
import type { ApiDeps } from "../lib/deps.ts";
import { ok } from "../lib/pair.ts";
import { readJson, readQuery } from "../lib/read-input.ts";

type Row = typeof sqlSnippetsTable.$inferSelect;

const record = (row: Row): SnippetRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  folder: row.folder,
  sql: row.sql,
  databaseId: row.databaseId,
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => apiError("SNIPPET_NOT_FOUND", "Snippet not found.");
/** LIKE's wildcards and its escape character, taken literally. */
const literalPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * /snippets: the caller's saved queries. Every row is the owner's alone: another user's id answers
 * SNIPPET_NOT_FOUND, exactly like a missing one.
 */
export function snippetsRoutes(deps: ApiDeps) {
  const db = deps.store.db;
  const own = (c: { var: ApiEnv["Variables"] }, id: string) =>
    and(eq(sqlSnippetsTable.ownerId, c.var.user.id), eq(sqlSnippetsTable.id, id));
  const checkRoom = async (ownerId: string, adding: number) => {
    const [row] = await db.select({ n: count() }).from(sqlSnippetsTable).where(eq(sqlSnippetsTable.ownerId, ownerId));
    if ((row?.n ?? 0) + adding > SNIPPETS_MAX_PER_USER) {
      throw apiError("SNIPPET_LIMIT_REACHED", `At most ${SNIPPETS_MAX_PER_USER} snippets per user.`, {
        max: SNIPPETS_MAX_PER_USER,
      });
    }
  };

  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      const query = readQuery(c, snippetListQuerySchema);
      const needle = query.q?.trim();
      const rows = await db
        .select()
        .from(sqlSnippetsTable)
        .where(
          and(
            eq(sqlSnippetsTable.ownerId, c.var.user.id),
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
        .orderBy(asc(sqlSnippetsTable.folder), asc(sqlSnippetsTable.name));
      return c.json(ok(rows.map(record)));
    })
    .post("/", async (c) => {
      const input = await readJson(c, saveSnippetSchema);
      const ownerId = c.var.user.id;
      const [existing] = await db
        .select({ id: sqlSnippetsTable.id })
        .from(sqlSnippetsTable)
        .where(and(eq(sqlSnippetsTable.ownerId, ownerId), eq(sqlSnippetsTable.name, input.name)));
      if (!existing) await checkRoom(ownerId, 1);
      const [row] = await db
        .insert(sqlSnippetsTable)
        .values({ ownerId, ...input })
        .onConflictDoUpdate({
          target: [sqlSnippetsTable.ownerId, sqlSnippetsTable.name],
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
      return c.json(ok(record(row)), existing ? 200 : 201);
    })
    .post("/import", async (c) => {
      const input = await readJson(c, importSnippetsSchema);
      const ownerId = c.var.user.id;
      const unique = [...new Map(input.snippets.map((s) => [s.name.trim(), s])).values()];
      if (unique.length === 0) return c.json(ok({ imported: 0, skipped: 0 }));
      await checkRoom(ownerId, 0);
      const rows = await db
        .insert(sqlSnippetsTable)
        .values(unique.map((s) => ({ ownerId, name: s.name.trim(), sql: s.sql })))
        .onConflictDoNothing({ target: [sqlSnippetsTable.ownerId, sqlSnippetsTable.name] })
        .returning({ id: sqlSnippetsTable.id });
      return c.json(ok({ imported: rows.length, skipped: input.snippets.length - rows.length }));
    })
    .get("/:id", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) throw notFound();
      const [row] = await db.select().from(sqlSnippetsTable).where(own(c, id));
      if (!row) throw notFound();
      return c.json(ok(record(row)));
    })
    .patch("/:id", async (c) => {
      const input = await readJson(c, updateSnippetSchema);
      const id = c.req.param("id");
      if (!UUID.test(id)) throw notFound();
      try {
        const [row] = await db
          .update(sqlSnippetsTable)
          .set({ ...input, updatedAt: sql`now()` })
          .where(own(c, id))
          .returning();
        if (!row) throw notFound();
        return c.json(ok(record(row)));
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw apiError("SNIPPET_NAME_TAKEN", "A snippet with this name exists already.", { name: input.name });
        }
        throw error;
      }
    })
    .post("/:id/run", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) throw notFound();
      const [row] = await db.update(sqlSnippetsTable).set({ lastRunAt: sql`now()` }).where(own(c, id)).returning();
      if (!row) throw notFound();
      return c.json(ok(record(row)));
    })
    .delete("/:id", async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) throw notFound();
      const [row] = await db.delete(sqlSnippetsTable).where(own(c, id)).returning({ id: sqlSnippetsTable.id });
      if (!row) throw notFound();
      return c.json(ok({ id, deleted: true }));
    });
}
