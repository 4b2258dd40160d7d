import type { Context } from "hono";
import type { AuthDeps } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { tokenSubject } from "../stores/users.ts";

/**
 * A new access token for the session a refresh token names (the token grant and the legacy
 * refresh endpoint). The session is found and marked used in one statement: the SDK refreshes
 * every few minutes for every signed-in person, so this is the service's most frequent write.
 */
export async function refreshAccessToken(
  deps: AuthDeps,
  c: Context,
  projectId: string,
  refreshToken: string | undefined,
): Promise<string> {
  const { session, user } = await deps.limits.secret(c, "token", async () => {
    const found = refreshToken ? await deps.sessions.findByTokenAndMarkUsed(projectId, refreshToken) : null;
    const owner = found ? await deps.users.get(projectId, found.userId) : null;
    if (!found || !owner) throw KnownErrors.refreshTokenNotFoundOrExpired();
    return { session: found, user: owner };
  });
  const [accessToken] = await Promise.all([
    deps.tokens.sign(tokenSubject(user, session.id)),
    deps.users.touch(user.id),
  ]);
  return accessToken;
}
