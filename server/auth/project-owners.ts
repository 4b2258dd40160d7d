import { and, eq } from "drizzle-orm";
import { authProjectOwnersTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";
import { HttpError } from "../lib/errors.ts";
import { INTERNAL_PROJECT_ID } from "./projects.ts";
import type { TokenService } from "./tokens.ts";

export function adminAccessTokenIsNotAdmin(): HttpError {
  return new HttpError(
    401,
    "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
    "Admin access token does not have the required permissions to access this project.",
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
  const claims = await tokens.verify(adminAccessToken, INTERNAL_PROJECT_ID);
  if (claims.is_anonymous) throw adminAccessTokenIsNotAdmin();
  const [owner] = await store.db
    .select({ projectId: authProjectOwnersTable.projectId })
    .from(authProjectOwnersTable)
    .where(and(eq(authProjectOwnersTable.projectId, projectId), eq(authProjectOwnersTable.ownerUserId, claims.sub)));
  if (!owner) throw adminAccessTokenIsNotAdmin();
}
