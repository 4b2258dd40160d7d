import type { AuthDeps } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { Project } from "../stores/projects.ts";
import { keyMatches } from "./project-auth.ts";

/** What the SDK sends as client_secret when it has no publishable key. */
export const PUBLIC_CLIENT_SECRET = "__stack_public_client__";

/**
 * OAuth client authentication of the token and authorize endpoints: client_id is the project id
 * (optionally `#branch`), client_secret a publishable key or the public-client sentinel.
 */
export async function authenticateOAuthClient(
  deps: AuthDeps,
  clientId: string | undefined,
  clientSecret: string | undefined,
): Promise<Project> {
  const projectId = clientId?.split("#")[0];
  const entry = projectId ? await deps.projects.get(projectId) : null;
  if (!entry || !clientSecret) throw KnownErrors.invalidOAuthClientIdOrSecret(clientId);
  if (clientSecret === PUBLIC_CLIENT_SECRET) {
    if (entry.project.config.require_publishable_client_key) {
      throw KnownErrors.publishableClientKeyRequired(entry.project.id);
    }
    return entry.project;
  }
  if (!keyMatches(clientSecret, entry.keyHashes.publishable_client)) {
    throw KnownErrors.invalidOAuthClientIdOrSecret(clientId);
  }
  return entry.project;
}
