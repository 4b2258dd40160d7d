import type { AuthDeps } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { Project } from "../stores/projects.ts";
import { keyMatches } from "./project-auth.ts";

/** What the SDK sends as client_secret when it has no publishable key. */
export const PUBLIC_CLIENT_SECRET = "__stack_public_client__";

/** The only branch a project has here (Stack's default branch id). */
const MAIN_BRANCH = "main";

/**
 * OAuth client authentication of the token and authorize endpoints: client_id is the project id
 * (optionally `#branch`, which must name an existing branch), client_secret a publishable key or
 * the public-client sentinel. The answers are Stack's per endpoint: a wrong key at authorize is
 * 401 INVALID_PUBLISHABLE_CLIENT_KEY, at token INVALID_OAUTH_CLIENT_ID_OR_SECRET; the token
 * endpoint takes a missing client_secret as the sentinel (a public client), so a project that
 * requires keys answers PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT to both.
 */
export async function authenticateOAuthClient(
  deps: AuthDeps,
  endpoint: "authorize" | "token",
  clientId: string | undefined,
  clientSecret: string | undefined,
): Promise<Project> {
  const hash = clientId?.indexOf("#") ?? -1;
  const projectId = hash === -1 ? clientId : clientId?.slice(0, hash);
  const branchId = hash === -1 ? MAIN_BRANCH : clientId?.slice(hash + 1);
  const entry = projectId && branchId === MAIN_BRANCH ? await deps.projects.get(projectId) : null;
  if (!entry) throw KnownErrors.invalidOAuthClientIdOrSecret(clientId);
  const secret = clientSecret || (endpoint === "token" ? PUBLIC_CLIENT_SECRET : "");
  if (secret === PUBLIC_CLIENT_SECRET) {
    if (entry.project.config.require_publishable_client_key) {
      throw KnownErrors.publishableClientKeyRequired(entry.project.id);
    }
    return entry.project;
  }
  if (!secret || !keyMatches(secret, entry.keyHashes.publishable_client)) {
    throw endpoint === "authorize"
      ? KnownErrors.invalidPublishableClientKey(entry.project.id)
      : KnownErrors.invalidOAuthClientIdOrSecret(clientId);
  }
  return entry.project;
}
