import { createHash } from "node:crypto";
import { type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { OidcSettings } from "../../../contract/oidc-providers.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { OutboundFetch } from "../../../lib/outbound-fetch.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import {
  isOAuthErrorStatus,
  type OAuthFlowState,
  type ProviderIdentity,
  type ProviderTokens,
  RefreshRefused,
  type SocialProvider,
} from "../provider.ts";
import { mergeScopes } from "../provider-tokens.ts";
import type { OidcDirectory, OidcMetadata } from "./discovery.ts";

/** Asymmetric signatures only: `none` and HMAC (keyed with the client secret) are refused. */
const SIGNING_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  id_token: z.string().min(1).optional(),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
});

interface IdTokenClaims extends JWTPayload {
  sub: string;
  nonce?: string;
  azp?: string;
  email?: string;
  /** A boolean by the spec; some providers (Cognito, older ADFS) send the string. */
  email_verified?: boolean | string;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

export interface OidcClient {
  id: string;
  clientId: string;
  clientSecret: string;
  settings: OidcSettings;
  callbackUrl: string;
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** The domain of an address, lower case; null when it is not one. */
function domainOf(email: string | null): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  return email && at > 0 ? email.slice(at + 1).toLowerCase() : null;
}

/**
 * A generic OpenID Connect provider (authorization code flow with PKCE, `state` and `nonce`): the
 * ID token is checked against the provider's published keys, its issuer, our client id as
 * audience, its expiry and the flow's nonce before anything of it is believed.
 */
export function oidcProvider(client: OidcClient, directory: OidcDirectory, fetch: OutboundFetch): SocialProvider {
  const { settings } = client;
  const metadata = () => directory.discover(settings.issuer);

  const callTokenEndpoint = async (meta: OidcMetadata, grant: Record<string, string>, refused?: () => Error) => {
    const methods = meta.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    const body = new URLSearchParams(grant);
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    };
    if (methods.includes("client_secret_basic")) {
      const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
      headers.authorization = `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret)}`).toString("base64")}`;
    } else {
      body.set("client_id", client.clientId);
      body.set("client_secret", client.clientSecret);
    }
    const response = await fetch(meta.token_endpoint, { method: "POST", headers, body: body.toString() });
    // The provider's error answer is not read into any message: it may echo what we sent.
    if (refused && isOAuthErrorStatus(response.status)) throw refused();
    if (response.status !== 200) throw KnownErrors.invalidAuthorizationCode();
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw KnownErrors.invalidAuthorizationCode();
    return parsed.data;
  };

  const toTokens = (answer: z.infer<typeof tokenAnswer>, asked: string[]): ProviderTokens => ({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null,
    scopes: answer.scope ? answer.scope.split(" ").filter(Boolean) : asked,
  });

  const verifyIdToken = async (meta: OidcMetadata, idToken: string, nonce: string | undefined) => {
    let claims: IdTokenClaims;
    try {
      const verified = await jwtVerify<IdTokenClaims>(idToken, directory.keys(meta.jwks_uri), {
        issuer: settings.issuer,
        audience: client.clientId,
        algorithms: SIGNING_ALGORITHMS,
        clockTolerance: 60,
        requiredClaims: ["sub", "exp", "iat"],
      });
      claims = verified.payload;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "iss") {
        throw KnownErrors.oidcIssuerMismatch();
      }
      throw KnownErrors.oidcIdTokenInvalid();
    }
    // Core §3.1.3.7: with several audiences, the authorized party must be us.
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== client.clientId) {
      throw KnownErrors.oidcIdTokenInvalid();
    }
    if (!nonce || claims.nonce !== nonce) throw KnownErrors.oidcNonceMismatch();
    return claims;
  };

  return {
    id: client.id,
    isDevelopment: false,
    async authorizationUrl(state, codeVerifier, extraScopes, nonce) {
      const meta = await metadata();
      const url = new URL(meta.authorization_endpoint);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("redirect_uri", client.callbackUrl);
      url.searchParams.set("scope", mergeScopes(["openid"], settings.scopes, extraScopes).join(" "));
      url.searchParams.set("state", state);
      if (nonce) url.searchParams.set("nonce", nonce);
      url.searchParams.set("code_challenge", s256(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      return url;
    },
    async exchange(code, flow: OAuthFlowState, response): Promise<ProviderIdentity> {
      const meta = await metadata();
      // RFC 9207: a provider that names itself in the answer must be the one this flow went to.
      if (response?.iss !== undefined && response.iss !== settings.issuer) throw KnownErrors.oidcIssuerMismatch();
      const answer = await callTokenEndpoint(meta, {
        grant_type: "authorization_code",
        code,
        redirect_uri: client.callbackUrl,
        code_verifier: flow.innerCodeVerifier,
      });
      if (!answer.id_token) throw KnownErrors.oidcIdTokenInvalid();
      const claims = await verifyIdToken(meta, answer.id_token, flow.nonce);
      const email = typeof claims.email === "string" && claims.email.length > 0 ? claims.email : null;
      const emailVerified = email !== null && (claims.email_verified === true || claims.email_verified === "true");
      if (settings.email_domains.length > 0) {
        const domain = domainOf(email);
        if (!emailVerified || !domain || !settings.email_domains.includes(domain)) {
          throw KnownErrors.oidcEmailDomainNotAllowed();
        }
      }
      return {
        accountId: claims.sub,
        email,
        emailVerified,
        displayName: claims.name ?? claims.preferred_username ?? null,
        profileImageUrl:
          typeof claims.picture === "string" && claims.picture.startsWith("https://") ? claims.picture : null,
        signUpAllowed: settings.jit_user_creation,
        tokens: toTokens(answer, mergeScopes(["openid"], settings.scopes, flow.providerScopes ?? [])),
      };
    },
    async refresh(refreshToken) {
      const answer = await callTokenEndpoint(
        await metadata(),
        { grant_type: "refresh_token", refresh_token: refreshToken },
        () => new RefreshRefused(`${client.id} refused the refresh`),
      );
      const tokens = toTokens(answer, []);
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },
    async checkAccessToken(accessToken) {
      // The userinfo endpoint (Core §5.3) is the one every OpenID provider answers for a bare access token.
      const endpoint = (await metadata()).userinfo_endpoint;
      if (!endpoint) return true;
      const response = await fetch(endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      });
      await response.body?.cancel();
      // Core §5.3.3 / RFC 6750 §3.1: a token the provider no longer takes is answered 401.
      return response.status !== 401;
    },
  };
}
