import { and, eq } from "drizzle-orm";
import { authContactChannelsTable, authOauthAccountsTable } from "../../db/schema/index.ts";
import type { ServiceContext } from "../../service-context.ts";
import { contactChannelAlreadyUsedForAuth, KnownErrors } from "../errors/known-errors.ts";
import type { FirstRunGate } from "../policy/first-run-gate.ts";
import { checkSignUp, signUpContext } from "../policy/sign-up-rules.ts";
import type { AccountMergeStrategy, Project } from "../stores/projects.ts";
import { personalTeamOf } from "../stores/teams.ts";
import { normalizeEmail, type UserRecord, type UserStore } from "../stores/users.ts";
import type { OAuthFlowState, ProviderIdentity } from "./provider.ts";

/**
 * What a social sign-in does when another account already signs in with its e-mail: link_method
 * merges only when both the provider and that account have proved the address. Merging on less
 * would hand the account to whoever typed the address at an unverifying provider (the development
 * one), or hand the owner's later real sign-in to whoever made the account first. An unproved
 * account is refused with its own answer ("refuse-unverified"), as Stack does: its owner can sign
 * in the old way, verify the address, and then use the provider.
 */
export function mergeDecision(
  strategy: AccountMergeStrategy,
  providerVerified: boolean,
  accountVerified: boolean,
): "link" | "refuse" | "refuse-unverified" | "separate" {
  if (strategy === "allow_duplicates") return "separate";
  if (strategy !== "link_method") return "refuse";
  if (!accountVerified) return "refuse-unverified";
  return providerVerified ? "link" : "refuse";
}

/** What resolving a social user needs of the service (AuthDeps has it): named here, as social/ sits below auth-env.ts. */
export interface SocialUserDeps {
  ctx: Pick<ServiceContext, "store">;
  users: UserStore;
  firstRun: FirstRunGate;
}

/**
 * Finds or makes the user a social sign-in stands for: the linked account's user; for type=link
 * the caller; an existing user with the same e-mail, verified on both sides, when the project's
 * merge strategy is link_method; the anonymous caller, upgraded; or a new user.
 */
export async function resolveSocialUser(
  deps: SocialUserDeps,
  project: Project,
  flow: OAuthFlowState,
  identity: ProviderIdentity,
  /** The callback request's country (request-country.ts), for the sign-up rules. */
  countryCode: string | null = null,
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
        // An account kept for connected-account access only signs nobody in.
        eq(authOauthAccountsTable.allowSignIn, true),
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

  const [channel] = identity.email
    ? await db
        .select({ userId: authContactChannelsTable.userId, verified: authContactChannelsTable.isVerified })
        .from(authContactChannelsTable)
        .where(
          and(
            eq(authContactChannelsTable.projectId, project.id),
            eq(authContactChannelsTable.type, "email"),
            eq(authContactChannelsTable.value, normalizeEmail(identity.email)),
            eq(authContactChannelsTable.usedForAuth, true),
          ),
        )
    : [];
  const sameEmail = channel ? await deps.users.get(project.id, channel.userId) : null;
  // The caller's own account is no exception: signing in with a provider while signed in is a
  // sign-in (type=link is the way to add a method), so the same strategy decides, as in Stack.
  if (channel && sameEmail) {
    const decision = mergeDecision(
      project.config.oauth_account_merge_strategy,
      identity.emailVerified,
      channel.verified,
    );
    if (decision === "refuse" || decision === "refuse-unverified") {
      throw contactChannelAlreadyUsedForAuth(identity.email ?? "", decision === "refuse-unverified");
    }
    if (decision === "link") {
      await link(sameEmail.id);
      return { user: await deps.users.require(project.id, sameEmail.id), isNewUser: false };
    }
  }

  // Without just-in-time creation an OpenID provider only signs in users an admin made or linked.
  if (identity.signUpAllowed === false) throw KnownErrors.oidcSignUpDisabled();
  if (!project.config.sign_up_enabled && !caller?.isAnonymous) throw KnownErrors.signUpNotEnabled();
  await deps.firstRun.assertSignUpOpen(project.id);
  const ruled = checkSignUp(
    project.config,
    signUpContext({ email: identity.email, authMethod: "oauth", oauthProvider: flow.providerId, countryCode }),
    caller?.restrictedByAdminPrivateDetails,
  );
  // Under allow_duplicates the new account keeps a proved address as a contact, not for signing in:
  // the other account already signs in with it (as in Stack). An unproved one (the development
  // provider's) is left off, so nobody collects another account's address by typing it there.
  const emailKept = identity.email !== null && (!sameEmail || identity.emailVerified);
  const emailChanges = emailKept
    ? {
        primaryEmail: identity.email,
        primaryEmailVerified: identity.emailVerified,
        primaryEmailAuthEnabled: !sameEmail,
      }
    : {};
  let user: UserRecord;
  if (caller?.isAnonymous) {
    user = await deps.users.update(project.id, caller.id, {
      isAnonymous: false,
      displayName: caller.displayName ?? identity.displayName,
      profileImageUrl: caller.profileImageUrl ?? identity.profileImageUrl,
      ...emailChanges,
      ...ruled,
    });
  } else {
    user = await deps.users.create(
      project.id,
      { displayName: identity.displayName, profileImageUrl: identity.profileImageUrl, ...emailChanges, ...ruled },
      personalTeamOf(project.config),
    );
  }
  await link(user.id);
  return { user: await deps.users.require(project.id, user.id), isNewUser: true };
}
