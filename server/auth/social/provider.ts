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
  /** A fresh access token from a refresh token, where the provider issues them. */
  refresh?(refreshToken: string): Promise<ProviderTokens>;
}
