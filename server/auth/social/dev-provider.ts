import { randomToken, secretsEqual, sha256 } from "../crypto/secrets.ts";
import type { ProviderIdentity, SocialProvider } from "./provider.ts";
import { mergeScopes } from "./provider-tokens.ts";

const DEV_SIGN_IN_SCOPES = ["openid", "email", "profile"];

/**
 * The offline stand-in for GitHub and Google when their client credentials are not set and
 * DEV_OAUTH_PROVIDER switches it on: authorize leads to a consent page of this server where one
 * picks an e-mail, and the page hands a one-time code to our callback like a real provider would.
 * Nobody proves anything there, so its identities never carry a verified address.
 */
export function devProvider(id: string, consentPageUrl: () => string): SocialProvider {
  return {
    id,
    isDevelopment: true,
    authorizationUrl(state) {
      const url = new URL(consentPageUrl());
      url.searchParams.set("provider", id);
      url.searchParams.set("state", state);
      return url;
    },
    async exchange(code, flow): Promise<ProviderIdentity> {
      if (!flow.dev || !secretsEqual(sha256(code), flow.dev.codeHash)) throw new Error("unknown development code");
      // A stand-in token that opens nothing, granted for what was asked, so connected accounts work offline.
      const tokens = {
        accessToken: `dev_${randomToken(40)}`,
        refreshToken: null,
        expiresAt: null,
        scopes: mergeScopes(DEV_SIGN_IN_SCOPES, flow.providerScopes ?? []),
      };
      return { ...flow.dev.identity, emailVerified: false, tokens };
    },
  };
}

/**
 * The account id the development provider gives an e-mail in one browser (its random cookie):
 * stable there, so signing in again finds the user, and different in every other browser, so
 * typing someone's address elsewhere never reaches their account.
 */
export function devAccountId(providerId: string, browser: string, email: string): string {
  return `dev-${providerId}-${sha256(`${browser}\n${email.toLowerCase()}`).slice(0, 24)}`;
}
