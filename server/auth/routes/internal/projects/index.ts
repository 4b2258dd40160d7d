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
import { isOperatorAddress, operatorEmails } from "../../../../lib/operators.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { seedDefaultPermissionDefinitions } from "../../../stores/permission-definitions.ts";
import {
  defaultConfig,
  INTERNAL_PROJECT_ID,
  type Project,
  type ProjectConfig,
  withDefaults,
} from "../../../stores/projects.ts";
import type { UserRecord } from "../../../stores/users.ts";
import { readBody } from "../../../wire/headers.ts";
import {
  checkProductionDomains,
  configUpdate,
  emailConfigFrom,
  oauthProvidersFrom,
  renderAdminProject,
} from "./current.ts";
import { detailsColumns, detailsInput, detailsOfRow } from "./project-details.ts";

const createBody = z
  .object({
    display_name: z.string().trim().min(1).max(200),
    ...detailsInput,
    owner_team_id: z.string().trim().min(1).max(100).nullish(),
    is_production_mode: z.boolean().optional(),
    config: configUpdate.optional(),
  })
  .strict();

/**
 * PROJECT_CREATION: operators (the instance's ADMIN_EMAILS, verified), every signed-in user, or
 * nobody. A plain 403 (no SDK known error says "not allowed to create projects").
 *
 * Under `operators`, an operator may also open the internal project's sign-up (it is closed by
 * default and only its super-secret admin key changes it): that runs the instance the way Stack's
 * own dashboard does, where whoever signs up there runs projects. Stack's e2e harness configures
 * the internal project exactly so.
 */
async function checkMayCreateProjects(deps: AuthDeps, user: UserRecord, internalSignUpOpen: boolean): Promise<void> {
  const policy = deps.config.PROJECT_CREATION;
  if (policy === "operators" && internalSignUpOpen) return;
  if (policy === "off") {
    throw new StatusError(
      "PROJECT_CREATION_NOT_ALLOWED",
      "Creating projects is switched off on this instance (PROJECT_CREATION=off).",
    );
  }
  if (
    policy === "operators" &&
    !isOperatorAddress(await operatorEmails(deps.ctx.store.db, deps.config.ADMIN_EMAILS), user)
  ) {
    throw new StatusError(
      "PROJECT_CREATION_NOT_ALLOWED",
      "Only the instance's operators (ADMIN_EMAILS, with a verified address) may create projects here.",
    );
  }
}

/** The signed-in, non-anonymous user of the internal project calling these routes. */
function dashboardUser(c: Context<AuthEnv>) {
  const { project, user } = c.get("auth");
  if (project.id !== INTERNAL_PROJECT_ID) throw KnownErrors.expectedInternalProject();
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
  return renderAdminProject(project, detailsOfRow(row, ownerTeamId));
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
    // dashboardUser made sure this is the internal project.
    await checkMayCreateProjects(deps, user, c.get("auth").project.config.sign_up_enabled);
    const input = await readBody(c, createBody);
    const { display_name, owner_team_id, is_production_mode, config: _config, ...detailsGiven } = input;
    const { oauth_providers: providerInput, email_config: emailInput, ...plainConfig } = input.config ?? {};
    const config: ProjectConfig = { ...defaultConfig(), ...plainConfig };
    if (emailInput) config.email_config = emailConfigFrom(emailInput, { type: "shared" });
    if (providerInput) config.oauth_providers = oauthProvidersFrom(providerInput, []);
    const isProductionMode = is_production_mode ?? false;
    if (isProductionMode) checkProductionDomains(config.domains);
    const id = randomUUID();
    const sealed = await deps.credentials.sealChanged(id, null, config);
    const row = await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(authProjectsTable)
        .values({ id, displayName: display_name, config: sealed, isProductionMode })
        .returning();
      await seedDefaultPermissionDefinitions(tx, id);
      await tx
        .insert(authProjectOwnersTable)
        .values({ projectId: id, ownerUserId: user.id, ownerTeamId: owner_team_id ?? null });
      return created;
    });
    if (!row) throw new Error("project insert returned nothing");
    // After the insert: a logo given as a data URL is kept as an image of the (now existing) project.
    const details = await detailsColumns(deps, id, detailsGiven);
    if (Object.keys(details).length > 0) {
      const [withDetails] = await db()
        .update(authProjectsTable)
        .set(details)
        .where(eq(authProjectsTable.id, id))
        .returning();
      if (withDetails) return c.json(render(withDetails, owner_team_id ?? null), 201);
    }
    return c.json(render(row, owner_team_id ?? null), 201);
  });

  app.delete("/internal/projects/current", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const [owned] = await db()
      .select({ projectId: authProjectOwnersTable.projectId })
      .from(authProjectOwnersTable)
      .where(eq(authProjectOwnersTable.projectId, project.id));
    // The internal and the app's own project are seeded at every start; the console needs them.
    if (!owned)
      throw new StatusError("PROJECT_OWNED_BY_INSTANCE", "This project belongs to the instance and cannot be deleted.");
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
