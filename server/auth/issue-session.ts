import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AuthDeps } from "./auth-env.ts";
import { tokenSubject, type UserRecord } from "./users.ts";

/** Starts a session for the user: a new refresh token and an access token naming it. */
export async function issueSession(
  deps: AuthDeps,
  user: UserRecord,
  options: { expiresInMillis?: number; isImpersonation?: boolean } = {},
): Promise<{ access_token: string; refresh_token: string; user_id: string }> {
  const session = await deps.sessions.create(user.projectId, user.id, options);
  const accessToken = await deps.tokens.sign(tokenSubject(user, session.id));
  return { access_token: accessToken, refresh_token: session.refreshToken, user_id: user.id };
}

/**
 * The caller's address for rate limits: the socket's peer, or behind a trusted reverse proxy the
 * last X-Forwarded-For entry (the one that proxy appended; earlier entries are client-supplied).
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
