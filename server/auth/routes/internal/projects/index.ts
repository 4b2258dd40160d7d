import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import {
  authEmailTemplatesTable,
  authMailOutboxTable,
  authProjectOwnersTable,
  authProjectsTable,
  authWebhookEndpointsTable,
} from "../../../../db/schema/index.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../../auth-env.ts";
import { KnownErrors } from "../../../known-errors.ts";
import { seedDefaultPermissionDefinitions } from "../../../permission-definitions.ts";
import { projectAuth } from "../../../project-auth.ts";
import {
  defaultConfig,
  INTERNAL_PROJECT_ID,
  type Project,
  type ProjectConfig,
  withDefaults,
} from "../../../projects.ts";
import { StatusError } from "../../../status-error.ts";
import { readBody } from "../../../wire.ts";
import {
  checkProductionDomains,
  configUpdate,
  emailConfigFrom,
  oauthProvidersFrom,
  renderAdminProject,
} from "./current.ts";

const createBody = z
  .object({
    display_name: z.string().trim().min(1).max(200),
    description: z.literal("").optional(),
    owner_team_id: z.string().trim().min(1).max(100).nullish(),
    is_production_mode: z.boolean().optional(),
    config: configUpdate.optional(),
  })
  .strict();

/** The signed-in, non-anonymous user of the internal project calling these routes. */
function dashboardUser(c: Context<AuthEnv>) {
  const { project, user } = c.get("auth");
  if (project.id !== INTERNAL_PROJECT_ID)
    throw new StatusError(404, "Projects are listed through the internal project.");
  if (!user || user.isAnonymous) throw KnownErrors.userAuthenticationRequired();
  return user;
}

function render(row: typeof authProjectsTable.$inferSelect, ownerTeamId: string | null) {
  const project: Project = {
    id: row.id,
    displayName: row.displayName,
    isProductionMode: row.isProductionMode,
    config: withDefaults(row.config),
  };
  return { ...renderAdminProject(project, row.createdAt), owner_team_id: ownerTeamId };
}

/**
 * Owned projects, as Stack's dashboard uses them: a user of the `internal` project creates and
 * lists projects; the project's admin API then accepts that user's access token
 * (x-stack-admin-access-token), see project-owners.ts.
 */
export function registerInternalProjects(app: AuthApp, deps: AuthDeps): void {
  const db = () => deps.ctx.store.db;

  app.get("/internal/projects", projectAuth(deps), async (c) => {
    const user = dashboardUser(c);
    const rows = await db()
      .select({ project: authProjectsTable, ownerTeamId: authProjectOwnersTable.ownerTeamId })
      .from(authProjectOwnersTable)
      .innerJoin(authProjectsTable, eq(authProjectsTable.id, authProjectOwnersTable.projectId))
      .where(eq(authProjectOwnersTable.ownerUserId, user.id))
      .orderBy(desc(authProjectsTable.createdAt));
    return c.json({ items: rows.map((r) => render(r.project, r.ownerTeamId)), is_paginated: false });
  });

  app.post("/internal/projects", projectAuth(deps), async (c) => {
    const user = dashboardUser(c);
    const input = await readBody(c, createBody);
    const { oauth_providers: providerInput, email_config: emailInput, ...plainConfig } = input.config ?? {};
    const config: ProjectConfig = { ...defaultConfig(), ...plainConfig };
    if (emailInput) config.email_config = emailConfigFrom(emailInput, { type: "shared" });
    if (providerInput) config.oauth_providers = oauthProvidersFrom(providerInput, []);
    const isProductionMode = input.is_production_mode ?? false;
    if (isProductionMode) checkProductionDomains(config.domains);
    const id = randomUUID();
    const row = await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(authProjectsTable)
        .values({ id, displayName: input.display_name, config, isProductionMode })
        .returning();
      await seedDefaultPermissionDefinitions(tx, id);
      await tx
        .insert(authProjectOwnersTable)
        .values({ projectId: id, ownerUserId: user.id, ownerTeamId: input.owner_team_id ?? null });
      return created;
    });
    if (!row) throw new Error("project insert returned nothing");
    return c.json(render(row, input.owner_team_id ?? null), 201);
  });

  app.delete("/internal/projects/current", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const [owned] = await db()
      .select({ projectId: authProjectOwnersTable.projectId })
      .from(authProjectOwnersTable)
      .where(eq(authProjectOwnersTable.projectId, project.id));
    // The internal and the app's own project are seeded at every start; the console needs them.
    if (!owned) throw new StatusError(400, "This project belongs to the instance and cannot be deleted.");
    // Users, sessions and keys go by foreign key; these tables only name the project.
    await db().transaction(async (tx) => {
      await tx.delete(authEmailTemplatesTable).where(eq(authEmailTemplatesTable.projectId, project.id));
      await tx.delete(authWebhookEndpointsTable).where(eq(authWebhookEndpointsTable.projectId, project.id));
      await tx.delete(authMailOutboxTable).where(eq(authMailOutboxTable.projectId, project.id));
      await tx.delete(authProjectsTable).where(eq(authProjectsTable.id, project.id));
    });
    await deps.projects.invalidate(project.id);
    return c.json({ success: true });
  });
}
