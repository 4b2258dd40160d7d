import type { OAuth2Tokens } from "arctic";
import type { ProviderTokens } from "./provider.ts";

/** Merges scope lists, keeping each once, in order of first mention. */
export function mergeScopes(...lists: string[][]): string[] {
  return [...new Set(lists.flat().filter((s) => s.length > 0))];
}

/** Splits the SDK's provider_scope (space- or comma-separated). */
export function parseScopes(value: string | undefined): string[] {
  return value ? value.split(/[\s,]+/).filter((s) => s.length > 0) : [];
}

/**
 * What arctic's token answer says; a provider that does not echo scopes granted what we asked
 * for (GitHub and Google both echo them when they narrow the grant).
 */
export function fromArcticTokens(tokens: OAuth2Tokens, asked: string[]): ProviderTokens {
  const has = (key: string) => key in tokens.data && (tokens.data as Record<string, unknown>)[key] != null;
  return {
    accessToken: tokens.accessToken(),
    refreshToken: has("refresh_token") ? tokens.refreshToken() : null,
    expiresAt: has("expires_in") ? tokens.accessTokenExpiresAt() : null,
    scopes: has("scope") ? tokens.scopes() : asked,
  };
}

/** Refreshes through an arctic client; a provider that does not rotate refresh tokens keeps the old one. */
export async function refreshWith(
  client: { refreshAccessToken(refreshToken: string): Promise<OAuth2Tokens> },
  refreshToken: string,
): Promise<ProviderTokens> {
  const tokens = await client.refreshAccessToken(refreshToken);
  return {
    ...fromArcticTokens(tokens, []),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : refreshToken,
  };
}
