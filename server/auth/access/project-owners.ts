import { and, eq } from "drizzle-orm";
import { authProjectOwnersTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { HttpError } from "../../lib/errors.ts";
import type { TokenService } from "../crypto/tokens.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { INTERNAL_PROJECT_ID } from "../stores/projects.ts";

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
      throw KnownErrors.adminAccessTokenExpired(typeof at === "number" ? at : null);
    }
    if (error.code === "INVALID_PROJECT_FOR_ACCESS_TOKEN") throw KnownErrors.adminAccessTokenIsNotAdmin();
    throw KnownErrors.unparsableAdminAccessToken();
  }
  if (claims.is_anonymous || claims.is_restricted) throw KnownErrors.adminAccessTokenIsNotAdmin();
  const [owner] = await store.db
    .select({ projectId: authProjectOwnersTable.projectId })
    .from(authProjectOwnersTable)
    .where(and(eq(authProjectOwnersTable.projectId, projectId), eq(authProjectOwnersTable.ownerUserId, claims.sub)));
  if (!owner) throw KnownErrors.adminAccessTokenIsNotAdmin();
}
