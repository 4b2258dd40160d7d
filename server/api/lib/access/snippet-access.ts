import { and, eq } from "drizzle-orm";
import type { ResourceOwner } from "../../../contract/teams.ts";
import { sqlSnippetsTable } from "../../../db/schema/index.ts";
import { apiError } from "../core/api-error.ts";
import { type AccessDeps, requireRole, roleOn } from "./resource-access.ts";
import { atLeast, type Role } from "./roles.ts";

export type SnippetRow = typeof sqlSnippetsTable.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => apiError("SNIPPET_NOT_FOUND", "Snippet not found.");

export const snippetOwner = (row: SnippetRow): ResourceOwner => ({ type: row.ownerType, id: row.ownerId });

/** A team's snippets are read and run by every member, changed by developers and above. */
export const SNIPPET_WRITE_ROLE: Role = "developer";

/** Whether a caller with `role` on the snippet's owner may change it (the user's own: always). */
export const snippetEditable = (role: Role) => atLeast(role, SNIPPET_WRITE_ROLE);

/**
 * The snippet `id` once the caller holds `needed` on its owner: their own, or their team's. Another
 * user's or team's snippet, a removed member's, and a malformed id answer SNIPPET_NOT_FOUND exactly
 * like a missing one; a member with too low a role TEAM_ROLE_REQUIRED.
 */
export async function snippetGrant(
  deps: AccessDeps,
  userId: string,
  id: string,
  needed: Role,
): Promise<{ row: SnippetRow; role: Role }> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await deps.store.db.select().from(sqlSnippetsTable).where(eq(sqlSnippetsTable.id, id)).limit(1);
  const role = row ? await roleOn(deps, snippetOwner(row), userId) : null;
  if (!row || role === null) throw notFound();
  requireRole(role, needed);
  return { row, role };
}

/** The where-clause of one owner's snippets. */
export const ownedBy = (owner: ResourceOwner) =>
  and(eq(sqlSnippetsTable.ownerType, owner.type), eq(sqlSnippetsTable.ownerId, owner.id));
