import { randomBytes } from "node:crypto";

/**
 * What the e2e project allows beyond a new project's defaults, set once at start-up so no test has
 * to switch a project-wide setting (and undo it) around the others: users create teams and API
 * keys, and teams have API keys. What a team's creator and members may do stays the default
 * (team_admin and team_member, Stack's permissions).
 */
export const E2E_PROJECT_CONFIG = {
  client_team_creation_enabled: true,
  allow_user_api_keys: true,
  allow_team_api_keys: true,
};

/** A fresh admin key for the e2e server's own project (STACK_SUPER_SECRET_ADMIN_KEY). */
export function e2eAdminKey(): string {
  return `sak_e2e_${randomBytes(24).toString("hex")}`;
}

const projectIds = new Map<string, Promise<string>>();

/** The id of the e2e server's project, as the web app reads it (once per server). */
export function e2eProjectId(baseUrl: string): Promise<string> {
  let id = projectIds.get(baseUrl);
  if (!id) {
    id = fetch(`${baseUrl}/config.json`)
      .then((response) => response.json())
      .then((config: { projectId: string }) => config.projectId);
    projectIds.set(baseUrl, id);
  }
  return id;
}

/** Headers of a JSON call to the auth service's admin API of the e2e project, with the server's admin key. */
export async function e2eAdminHeaders(baseUrl: string, adminKey: string): Promise<Record<string, string>> {
  return {
    "content-type": "application/json",
    "x-stack-access-type": "admin",
    "x-stack-project-id": await e2eProjectId(baseUrl),
    "x-stack-super-secret-admin-key": adminKey,
  };
}

/** Applies E2E_PROJECT_CONFIG through the auth service's admin API of the server at `baseUrl`. */
export async function configureE2eProject(baseUrl: string, adminKey: string): Promise<void> {
  const response = await fetch(`${baseUrl}/auth/api/v1/internal/projects/current`, {
    method: "PATCH",
    headers: await e2eAdminHeaders(baseUrl, adminKey),
    body: JSON.stringify({ config: E2E_PROJECT_CONFIG }),
  });
  if (!response.ok) throw new Error(`configuring the e2e project failed: ${response.status} ${await response.text()}`);
}
