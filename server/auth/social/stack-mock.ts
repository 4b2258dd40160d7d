import type { OutboundFetch } from "../../lib/outbound-fetch.ts";
import type { OidcDirectory } from "./oidc/discovery.ts";
import { oidcProvider } from "./oidc/oidc-provider.ts";
import type { SocialProvider } from "./provider.ts";

/** The provider ids Stack's mock OAuth server has a client for (`apps/mock-oauth-server`). */
export const STACK_MOCK_PROVIDER_IDS = [
  "github",
  "facebook",
  "google",
  "microsoft",
  "spotify",
  "discord",
  "gitlab",
  "bitbucket",
  "x",
] as const;

/** The secret every client of Stack's mock server shares (its client id is the provider id). */
const MOCK_CLIENT_SECRET = "MOCK-SERVER-SECRET";

/**
 * The instance's shared providers as Stack runs them in development (`STACK_OAUTH_MOCK_URL` with
 * `STACK_<ID>_CLIENT_ID=MOCK`): each an OpenID client of the mock server, found by discovery at
 * `mockUrl` and checked like any OpenID provider (ID token signature, issuer, audience, nonce).
 * As in Stack's MockProvider the account's address is its subject, taken as verified: the mock
 * signs anyone in as any address, so the configuration refuses it in production mode.
 */
export function stackMockProviders(
  mockUrl: string,
  callbackUrl: (id: string) => () => string,
  directory: OidcDirectory,
  fetch: OutboundFetch,
): SocialProvider[] {
  return STACK_MOCK_PROVIDER_IDS.map((id) => {
    const client = () =>
      oidcProvider(
        {
          id,
          clientId: id,
          clientSecret: MOCK_CLIENT_SECRET,
          settings: {
            issuer: mockUrl,
            display_name: id,
            // What Stack's MockProvider asks for; the mock grants offline_access only with prompt=consent.
            scopes: ["openid", "offline_access"],
            email_domains: [],
            jit_user_creation: true,
          },
          callbackUrl: callbackUrl(id)(),
        },
        directory,
        fetch,
      );
    return {
      id,
      isDevelopment: false,
      async authorizationUrl(state, codeVerifier, extraScopes, nonce) {
        const url = await client().authorizationUrl(state, codeVerifier, extraScopes, nonce);
        url.searchParams.set("access_type", "offline");
        url.searchParams.set("prompt", "consent");
        return url;
      },
      async exchange(code, flow, response) {
        const identity = await client().exchange(code, flow, response);
        return { ...identity, email: identity.accountId, emailVerified: true };
      },
      refresh: (refreshToken) => client().refresh?.(refreshToken) ?? Promise.reject(new Error("no refresh")),
      // As Stack's MockProvider: the mock's userinfo says whether a stored token was revoked.
      checkAccessToken: (accessToken) => client().checkAccessToken?.(accessToken) ?? Promise.resolve(true),
    } satisfies SocialProvider;
  });
}
