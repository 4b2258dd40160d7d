import { and, eq, inArray } from "drizzle-orm";
import { authOauthAccountsTable } from "../../db/schema/index.ts";
import type { ServiceContext } from "../../service-context.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { Project, ProjectConfig } from "../stores/projects.ts";

/**
 * The console's admin proxy names the operator behind an admin call (server/api/admin-routes.ts); only
 * callers holding the admin key can send it, and they could change anything anyway.
 */
export const OPERATOR_HEADER = "x-console-operator-id";

/**
 * Requiring single sign-on (password sign-in turned off) from the admin area: allowed only when
 * the operator doing it signs in through one of the project's OpenID providers in `next`, so the
 * change cannot lock that operator out. `npm run auth:password-sign-in-on` turns it back on.
 */
export async function checkSsoRequirement(
  deps: { ctx: Pick<ServiceContext, "store"> },
  project: Project,
  next: ProjectConfig,
  operatorId: string | undefined,
): Promise<void> {
  if (!operatorId || !project.config.credential_enabled || next.credential_enabled) return;
  const ssoIds = next.oauth_providers.filter((p) => p.oidc && p.allow_sign_in !== false).map((p) => p.id);
  const linked =
    ssoIds.length === 0
      ? []
      : await deps.ctx.store.db
          .select({ id: authOauthAccountsTable.accountId })
          .from(authOauthAccountsTable)
          .where(
            and(
              eq(authOauthAccountsTable.projectId, project.id),
              eq(authOauthAccountsTable.userId, operatorId),
              eq(authOauthAccountsTable.allowSignIn, true),
              inArray(authOauthAccountsTable.providerId, ssoIds),
            ),
          )
          .limit(1);
  if (linked.length === 0) throw KnownErrors.ssoRequiresLinkedAdmin();
}
