/** What a social provider tells us about the person who signed in. */
export interface ProviderIdentity {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
  /** What the provider granted, kept for connected-account access tokens. */
  tokens?: ProviderTokens;
  /** False when this provider may not create users (an OpenID provider without just-in-time creation). */
  signUpAllowed?: boolean;
}

/** A provider's tokens for one account, as the connected-accounts endpoints hand them out. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

/** The server-side state of one sign-in between authorize and callback (kept in auth_oauth_states). */
export interface OAuthFlowState {
  projectId: string;
  providerId: string;
  type: "authenticate" | "link";
  redirectUri: string;
  outerState: string;
  codeChallenge: string;
  codeChallengeMethod: "S256" | "plain";
  afterCallbackRedirectUrl: string | null;
  /** Scopes asked for beyond sign-in's own (the SDK's provider_scope), e.g. to call the provider's API. */
  providerScopes?: string[];
  /** The user behind `token`: linked for type=link, upgraded when anonymous. */
  userId: string | null;
  /** PKCE verifier between us and the provider. */
  innerCodeVerifier: string;
  /** The OpenID `nonce` the ID token must carry back. */
  nonce?: string;
  /** Set by the development provider's consent page. */
  dev?: { codeHash: string; identity: ProviderIdentity };
}

export interface SocialProvider {
  id: string;
  /** True for the built-in development stand-in. */
  isDevelopment: boolean;
  authorizationUrl(innerState: string, codeVerifier: string, extraScopes: string[], nonce?: string): URL | Promise<URL>;
  /** `response`: what else the provider's redirect said (RFC 9207's `iss`). */
  exchange(code: string, flow: OAuthFlowState, response?: { iss?: string }): Promise<ProviderIdentity>;
  /**
   * A fresh access token from a refresh token, where the provider issues them. Throws
   * RefreshRefused when the provider answers with an OAuth error (the grant is gone).
   */
  refresh?(refreshToken: string): Promise<ProviderTokens>;
  /**
   * False when the provider no longer takes this access token (revoked before its expiry), as
   * Stack asks before handing a stored one out; true when it does or cannot tell.
   */
  checkAccessToken?(accessToken: string): Promise<boolean>;
}

/**
 * The provider refused a refresh with an OAuth error answer (RFC 6749 §5.2: `invalid_grant`,
 * `access_denied`, `consent_required`, `invalid_token`, `unauthorized_client`, …): the refresh
 * token is of no further use and the user must authorize again. Not thrown when the provider
 * could not be reached or answered a server error.
 */
export class RefreshRefused extends Error {
  override name = "RefreshRefused";
}

/** RFC 6749 §5.2: a token endpoint's error answers are 400, or 401 for a client it does not accept. */
export const isOAuthErrorStatus = (status: number) => status === 400 || status === 401;
