import { and, asc, eq } from "drizzle-orm";
import { authOauthAccountsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { type ProviderTokens, RefreshRefused, type SocialProvider } from "./provider.ts";

const SCOPE = "auth:oauth-tokens";
/** An access token this close to its expiry is refreshed first, so the caller gets a usable one. */
const REFRESH_MARGIN_MS = 60_000;

type AccountRow = typeof authOauthAccountsTable.$inferSelect;

export const renderConnectedAccount = (row: AccountRow) => ({
  user_id: row.userId,
  provider: row.providerId,
  provider_account_id: row.accountId,
});

/**
 * The provider tokens behind users' social accounts, sealed at rest and bound to the account
 * row, handed out as connected-account access tokens (refreshed when the provider allows).
 */
export class ConnectedAccounts {
  constructor(
    private store: Store,
    private vault: Vault,
  ) {}

  /** The user's accounts that may serve as connected accounts (`allow_connected_accounts`, as in Stack). */
  list(projectId: string, userId: string): Promise<AccountRow[]> {
    const t = authOauthAccountsTable;
    return this.store.db
      .select()
      .from(t)
      .where(and(eq(t.projectId, projectId), eq(t.userId, userId), eq(t.allowConnectedAccounts, true)))
      .orderBy(asc(t.createdAt));
  }

  /** Keeps what the provider granted on the user's account row (after each social sign-in). */
  async save(projectId: string, providerId: string, accountId: string, userId: string, tokens: ProviderTokens) {
    const t = authOauthAccountsTable;
    const where = and(
      eq(t.projectId, projectId),
      eq(t.providerId, providerId),
      eq(t.accountId, accountId),
      eq(t.userId, userId),
    );
    const [row] = await this.store.db.select({ id: t.id }).from(t).where(where);
    if (!row) return;
    await this.write(row.id, tokens);
  }

  /**
   * An access token of the user's account at the provider holding every scope asked for, as
   * Stack hands it out: OAUTH_CONNECTION_NOT_CONNECTED_TO_USER without such an account,
   * OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE when it was granted less, holds no token, or
   * its token is gone at the provider and cannot be refreshed (the user must authorize again).
   */
  async accessToken(
    projectId: string,
    userId: string,
    provider: SocialProvider | undefined,
    providerId: string,
    accountId: string | undefined,
    scopes: string[],
  ): Promise<string> {
    const accounts = (await this.list(projectId, userId)).filter(
      (a) => a.providerId === providerId && (accountId === undefined || a.accountId === accountId),
    );
    if (accounts.length === 0) throw KnownErrors.oauthConnectionNotConnectedToUser();
    // An account with no token (one an admin added) has granted nothing: a scope question, as in Stack.
    const account = accounts.find((a) => a.accessTokenSealed && scopes.every((s) => a.scopes.includes(s)));
    if (!account?.accessTokenSealed) throw KnownErrors.oauthConnectionDoesNotHaveRequiredScope();
    const fresh =
      !account.accessTokenExpiresAt || account.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
    if (fresh) {
      const stored = await this.vault.open(SCOPE, account.accessTokenSealed, account.id);
      if (await this.stillTaken(provider, stored)) return stored;
    }
    if (!account.refreshTokenSealed || !provider?.refresh) {
      throw KnownErrors.oauthConnectionDoesNotHaveRequiredScope();
    }
    const refreshToken = await this.vault.open(SCOPE, account.refreshTokenSealed, account.id);
    let tokens: ProviderTokens;
    try {
      tokens = await provider.refresh(refreshToken);
    } catch (error) {
      if (!(error instanceof RefreshRefused)) {
        // Unreachable, or a server error: the grant may still hold, so the tokens are kept.
        throw KnownErrors.oauthAccessTokenNotAvailable(providerId, "The provider could not refresh the access token.");
      }
      // The grant is gone at the provider (revoked, consent withdrawn): nothing stored works any more.
      await this.store.db
        .update(authOauthAccountsTable)
        .set({ accessTokenSealed: null, refreshTokenSealed: null, accessTokenExpiresAt: null })
        .where(eq(authOauthAccountsTable.id, account.id));
      throw KnownErrors.oauthConnectionDoesNotHaveRequiredScope();
    }
    await this.write(account.id, { ...tokens, scopes: tokens.scopes.length > 0 ? tokens.scopes : account.scopes });
    return tokens.accessToken;
  }

  /**
   * Whether the provider still takes a stored access token (it may have been revoked before its
   * expiry). A provider that cannot be asked, or does not answer, is taken at its token's word.
   */
  private async stillTaken(provider: SocialProvider | undefined, accessToken: string): Promise<boolean> {
    if (!provider?.checkAccessToken) return true;
    return provider.checkAccessToken(accessToken).catch(() => true);
  }

  private async write(rowId: string, tokens: ProviderTokens): Promise<void> {
    await this.store.db
      .update(authOauthAccountsTable)
      .set({
        accessTokenSealed: await this.vault.seal(SCOPE, tokens.accessToken, rowId),
        refreshTokenSealed: tokens.refreshToken ? await this.vault.seal(SCOPE, tokens.refreshToken, rowId) : null,
        accessTokenExpiresAt: tokens.expiresAt,
        scopes: tokens.scopes,
      })
      .where(eq(authOauthAccountsTable.id, rowId));
  }
}
