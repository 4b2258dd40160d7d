import { and, eq } from "drizzle-orm";
import { authProjectOwnersTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { HttpError } from "../../lib/errors.ts";
import type { TokenService } from "../crypto/tokens.ts";
import { INTERNAL_PROJECT_ID } from "../stores/projects.ts";

export function adminAccessTokenIsNotAdmin(): HttpError {
  return new HttpError(
    401,
    "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
    "Admin access token does not have the required permissions to access this project.",
  );
}

function adminAccessTokenExpired(expiredAtMillis: number | null): HttpError {
  const when =
    expiredAtMillis === null ? "" : ` (The access token expired at ${new Date(expiredAtMillis).toISOString()}.)`;
  return new HttpError(
    401,
    "ADMIN_ACCESS_TOKEN_EXPIRED",
    `Admin access token has expired. Please refresh it and try again.${when}`,
    {
      expired_at_millis: expiredAtMillis,
    },
  );
}

/**
 * Admin access the dashboard's way: an access token of a user of the `internal` project who owns
 * the project (x-stack-admin-access-token instead of a super secret admin key).
 */
export async function checkAdminAccessToken(
  store: Store,
  tokens: TokenService,
  projectId: string,
  adminAccessToken: string,
): Promise<void> {
  let claims: Awaited<ReturnType<TokenService["verify"]>>;
  try {
    claims = await tokens.verify(adminAccessToken, INTERNAL_PROJECT_ID);
  } catch (error) {
    // The dashboard's token has its own error family: expired, unparsable, or not an admin.
    if (!(error instanceof HttpError)) throw error;
    if (error.code === "ACCESS_TOKEN_EXPIRED") {
      const at = error.details?.expired_at_millis;
      throw adminAccessTokenExpired(typeof at === "number" ? at : null);
    }
    if (error.code === "INVALID_PROJECT_FOR_ACCESS_TOKEN") throw adminAccessTokenIsNotAdmin();
    throw new HttpError(401, "UNPARSABLE_ADMIN_ACCESS_TOKEN", "Admin access token is not parsable.");
  }
  if (claims.is_anonymous || claims.is_restricted) throw adminAccessTokenIsNotAdmin();
  const [owner] = await store.db
    .select({ projectId: authProjectOwnersTable.projectId })
    .from(authProjectOwnersTable)
    .where(and(eq(authProjectOwnersTable.projectId, projectId), eq(authProjectOwnersTable.ownerUserId, claims.sub)));
  if (!owner) throw adminAccessTokenIsNotAdmin();
}
