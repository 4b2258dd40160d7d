import { and, asc, eq } from "drizzle-orm";
import { authOauthAccountsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import type { ProviderTokens, SocialProvider } from "./provider.ts";

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
   * An access token of the user's account at the provider holding every scope asked for:
   * OAUTH_CONNECTION_NOT_CONNECTED_TO_USER without such an account,
   * OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE when it was granted less (or holds no token).
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
    if (fresh) return this.vault.open(SCOPE, account.accessTokenSealed, account.id);
    if (!account.refreshTokenSealed || !provider?.refresh) {
      throw KnownErrors.oauthAccessTokenNotAvailable(
        providerId,
        "The access token has expired and cannot be refreshed.",
      );
    }
    const refreshToken = await this.vault.open(SCOPE, account.refreshTokenSealed, account.id);
    const tokens = await provider.refresh(refreshToken).catch(() => {
      throw KnownErrors.oauthAccessTokenNotAvailable(providerId, "The provider refused to refresh the access token.");
    });
    await this.write(account.id, { ...tokens, scopes: tokens.scopes.length > 0 ? tokens.scopes : account.scopes });
    return tokens.accessToken;
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
