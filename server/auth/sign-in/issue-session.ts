import type { AuthDeps } from "../auth-env.ts";
import type { SessionOrigin } from "../stores/sessions.ts";
import { tokenSubject, type UserRecord } from "../stores/users.ts";

/** Starts a session for the user: a new refresh token and an access token naming it. */
export async function issueSession(
  deps: AuthDeps,
  user: UserRecord,
  options: { expiresInMillis?: number; isImpersonation?: boolean; origin?: SessionOrigin } = {},
): Promise<{ access_token: string; refresh_token: string; user_id: string }> {
  const session = await deps.sessions.create(user.projectId, user.id, options);
  const accessToken = await deps.tokens.sign(tokenSubject(user, session.id));
  return { access_token: accessToken, refresh_token: session.refreshToken, user_id: user.id };
}
