/** What a social provider tells us about the person who signed in. */
export interface ProviderIdentity {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
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
  /** The user behind `token`: linked for type=link, upgraded when anonymous. */
  userId: string | null;
  /** PKCE verifier between us and the provider. */
  innerCodeVerifier: string;
  /** Set by the development provider's consent page. */
  dev?: { codeHash: string; identity: ProviderIdentity };
}

export interface SocialProvider {
  id: string;
  /** True for the built-in development stand-in. */
  isDevelopment: boolean;
  authorizationUrl(innerState: string, codeVerifier: string): URL;
  exchange(code: string, flow: OAuthFlowState): Promise<ProviderIdentity>;
}
