import { and, eq } from "drizzle-orm";
import { authOauthAccountsTable } from "../../db/schema/index.ts";
import type { AuthDeps } from "../auth-env.ts";
import { KnownErrors } from "../known-errors.ts";
import type { Project } from "../projects.ts";
import { personalTeamOf } from "../teams/teams.ts";
import type { UserRecord } from "../users.ts";
import type { OAuthFlowState, ProviderIdentity } from "./provider.ts";

/**
 * Finds or makes the user a social sign-in stands for: the linked account's user; for type=link
 * the caller; an existing user with the same verified e-mail when the project's merge strategy
 * is link_method; the anonymous caller, upgraded; or a new user.
 */
export async function resolveSocialUser(
  deps: AuthDeps,
  project: Project,
  flow: OAuthFlowState,
  identity: ProviderIdentity,
): Promise<{ user: UserRecord; isNewUser: boolean }> {
  const db = deps.ctx.store.db;
  const [account] = await db
    .select()
    .from(authOauthAccountsTable)
    .where(
      and(
        eq(authOauthAccountsTable.projectId, project.id),
        eq(authOauthAccountsTable.providerId, flow.providerId),
        eq(authOauthAccountsTable.accountId, identity.accountId),
      ),
    );
  const link = async (userId: string) => {
    await db
      .insert(authOauthAccountsTable)
      .values({
        projectId: project.id,
        userId,
        providerId: flow.providerId,
        accountId: identity.accountId,
        email: identity.email,
      })
      .onConflictDoNothing();
    await deps.users.changed(userId);
  };
  const caller = flow.userId ? await deps.users.get(project.id, flow.userId) : null;

  if (flow.type === "link") {
    if (!caller) throw KnownErrors.userAuthenticationRequired();
    if (account && account.userId !== caller.id) throw KnownErrors.oauthConnectionAlreadyConnectedToAnotherUser();
    if (!account) await link(caller.id);
    return { user: await deps.users.require(project.id, caller.id), isNewUser: false };
  }

  if (account) {
    const user = await deps.users.get(project.id, account.userId);
    if (user) return { user, isNewUser: false };
  }

  const sameEmail = identity.email ? await deps.users.findByAuthEmail(project.id, identity.email) : null;
  if (sameEmail && sameEmail.id !== caller?.id) {
    const strategy = project.config.oauth_account_merge_strategy;
    if (strategy === "raise_error") throw KnownErrors.userEmailAlreadyExists(identity.email ?? "");
    // Merging on an unverified provider e-mail would let anyone take over the account.
    if (strategy === "link_method" && identity.emailVerified) {
      await link(sameEmail.id);
      return { user: await deps.users.require(project.id, sameEmail.id), isNewUser: false };
    }
    if (strategy === "link_method") throw KnownErrors.userEmailAlreadyExists(identity.email ?? "");
  }

  if (!project.config.sign_up_enabled && !caller?.isAnonymous) throw KnownErrors.signUpNotEnabled();
  const emailFree = identity.email !== null && !sameEmail;
  const emailChanges = emailFree
    ? { primaryEmail: identity.email, primaryEmailVerified: identity.emailVerified, primaryEmailAuthEnabled: true }
    : {};
  let user: UserRecord;
  if (caller?.isAnonymous) {
    user = await deps.users.update(project.id, caller.id, {
      isAnonymous: false,
      displayName: caller.displayName ?? identity.displayName,
      profileImageUrl: caller.profileImageUrl ?? identity.profileImageUrl,
      ...emailChanges,
    });
  } else {
    user = await deps.users.create(
      project.id,
      { displayName: identity.displayName, profileImageUrl: identity.profileImageUrl, ...emailChanges },
      personalTeamOf(project.config),
    );
  }
  await link(user.id);
  return { user: await deps.users.require(project.id, user.id), isNewUser: true };
}
