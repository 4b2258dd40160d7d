import { eq } from "drizzle-orm";
import { z } from "zod";
import { authProjectOwnersTable } from "../../../../db/schema/index.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { INTERNAL_PROJECT_ID } from "../../../stores/projects.ts";
import { readBody } from "../../../wire/headers.ts";

const projectNotFound = (id: string) => new StatusError("PROJECT_NOT_FOUND", `Project ${id} not found.`);

const transferBody = z.strictObject({
  project_id: z.string().trim().min(1).max(100),
  new_team_id: z.uuid(),
});

/**
 * POST /internal/projects/transfer: moves an owned project to another team of the internal
 * project. The caller must be team_admin of the team owning it now (or, for a project without an
 * owner team, the user who created it) and a member of the new team. Administering the project
 * stays with its creating user (project-owners.ts); this only changes the team it is filed under.
 */
export function registerInternalProjectTransfer(app: AuthApp, deps: AuthDeps): void {
  app.post("/internal/projects/transfer", projectAuth(deps), async (c) => {
    const { project, user } = c.get("auth");
    if (project.id !== INTERNAL_PROJECT_ID) throw KnownErrors.expectedInternalProject();
    if (!user || user.isAnonymous) throw KnownErrors.userAuthenticationRequired();
    const input = await readBody(c, transferBody);
    const db = deps.ctx.store.db;
    const [owned] = await db
      .select()
      .from(authProjectOwnersTable)
      .where(eq(authProjectOwnersTable.projectId, input.project_id));
    if (!owned) throw projectNotFound(input.project_id);
    if (owned.ownerTeamId) {
      await deps.teams.requirePermission(owned.ownerTeamId, user.id, "team_admin");
    } else if (owned.ownerUserId !== user.id) {
      throw projectNotFound(input.project_id);
    }
    await deps.teams.requireMember(input.new_team_id, user.id);
    await db
      .update(authProjectOwnersTable)
      .set({ ownerTeamId: input.new_team_id })
      .where(eq(authProjectOwnersTable.projectId, owned.projectId));
    return c.json({ success: "true" });
  });
}
