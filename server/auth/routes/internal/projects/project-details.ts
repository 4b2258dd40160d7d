import { eq } from "drizzle-orm";
import { z } from "zod";
import { authProjectOwnersTable, authProjectsTable } from "../../../../db/schema/index.ts";
import type { AuthDeps } from "../../../auth-env.ts";
import { imageInput } from "../../../stores/images.ts";

/** What a project shows besides its settings: kept in its own columns, not in the config. */
export interface ProjectDetails {
  createdAt: Date;
  description: string;
  logoUrl: string | null;
  logoFullUrl: string | null;
  logoDarkModeUrl: string | null;
  logoFullDarkModeUrl: string | null;
  onboardingStatus: string;
  /** The team of the dashboard user who created it (Stack's owner_team_id); null for the instance's own. */
  ownerTeamId: string | null;
}

const logo = z.string().max(1_500_000).nullish();

/** The presentation fields Stack's project API takes on create and update. */
export const detailsInput = {
  description: z.string().trim().max(1000).nullish(),
  logo_url: logo,
  logo_full_url: logo,
  logo_dark_mode_url: logo,
  logo_full_dark_mode_url: logo,
};
const detailsSchema = z.object(detailsInput);
export type DetailsInput = z.infer<typeof detailsSchema>;

export async function loadProjectDetails(deps: AuthDeps, projectId: string): Promise<ProjectDetails> {
  const [row] = await deps.ctx.store.db
    .select({ project: authProjectsTable, ownerTeamId: authProjectOwnersTable.ownerTeamId })
    .from(authProjectsTable)
    .leftJoin(authProjectOwnersTable, eq(authProjectOwnersTable.projectId, authProjectsTable.id))
    .where(eq(authProjectsTable.id, projectId));
  if (!row) {
    return {
      createdAt: new Date(0),
      description: "",
      logoUrl: null,
      logoFullUrl: null,
      logoDarkModeUrl: null,
      logoFullDarkModeUrl: null,
      onboardingStatus: "completed",
      ownerTeamId: null,
    };
  }
  return detailsOfRow(row.project, row.ownerTeamId ?? null);
}

export function detailsOfRow(row: typeof authProjectsTable.$inferSelect, ownerTeamId: string | null): ProjectDetails {
  return {
    createdAt: row.createdAt,
    description: row.description,
    logoUrl: row.logoUrl,
    logoFullUrl: row.logoFullUrl,
    logoDarkModeUrl: row.logoDarkModeUrl,
    logoFullDarkModeUrl: row.logoFullDarkModeUrl,
    onboardingStatus: row.onboardingStatus,
    ownerTeamId,
  };
}

/**
 * The column values for the given fields; a logo given as a data URL is kept as an image of the
 * project and stored as this server's URL (as a user's profile image is).
 */
export async function detailsColumns(deps: AuthDeps, projectId: string, input: DetailsInput) {
  const auth = { type: "admin", project: { id: projectId } };
  const columns: Partial<typeof authProjectsTable.$inferInsert> = {};
  if (input.description !== undefined) columns.description = input.description ?? "";
  if (input.logo_url !== undefined) columns.logoUrl = (await imageInput(deps, auth, input.logo_url)) ?? null;
  if (input.logo_full_url !== undefined)
    columns.logoFullUrl = (await imageInput(deps, auth, input.logo_full_url)) ?? null;
  if (input.logo_dark_mode_url !== undefined)
    columns.logoDarkModeUrl = (await imageInput(deps, auth, input.logo_dark_mode_url)) ?? null;
  if (input.logo_full_dark_mode_url !== undefined)
    columns.logoFullDarkModeUrl = (await imageInput(deps, auth, input.logo_full_dark_mode_url)) ?? null;
  return columns;
}
