import type { Context } from "hono";
import type { AuthDeps, AuthEnv } from "../auth-env.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { StatusError } from "../errors/status-error.ts";
import type { UserRecord } from "../stores/users.ts";

/**
 * The user a `user_id` parameter names: `me` is the caller; any other id is allowed for server
 * and admin access, and for a client only when it is its own id.
 */
export async function targetUser(c: Context<AuthEnv>, deps: AuthDeps, userId: string | undefined): Promise<UserRecord> {
  const { type, project, user } = c.get("auth");
  if (!userId || userId === "me" || (type === "client" && userId === user?.id)) {
    if (!user) throw KnownErrors.cannotGetOwnUserWithoutUser();
    return user;
  }
  // Stack treats a client's user_id as "me" whatever it names, so naming anyone else ends in the
  // same refusal as "me" without a user (its suite: send-verification-code, team-invitations).
  if (type === "client") throw KnownErrors.cannotGetOwnUserWithoutUser();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) throw KnownErrors.userNotFound();
  return deps.users.require(project.id, userId);
}

/**
 * For endpoints where Stack answers a client naming anyone but itself (or no one) with a plain 403,
 * whose text differs per endpoint, instead of a known error.
 */
export function refuseOtherUserForClient(c: Context<AuthEnv>, userId: string | undefined, message: string): void {
  const { type, user } = c.get("auth");
  if (type === "client" && userId !== "me" && userId !== user?.id)
    throw new StatusError("CLIENT_CANNOT_ACT_FOR_OTHER_USERS", message);
}

/** Stack's text when a client asks for someone else's team or project permissions. */
export const OTHERS_PERMISSIONS =
  'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user';
