import { createHash } from "node:crypto";
import { z } from "zod";
import type { OutboundFetch } from "../../../lib/outbound-fetch.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import {
  isOAuthErrorStatus,
  type ProviderIdentity,
  type ProviderTokens,
  RefreshRefused,
  type SocialProvider,
} from "../provider.ts";
import { mergeScopes } from "../provider-tokens.ts";

/**
 * Where a provider's URL is really called: the URL itself, except in tests, which send every
 * provider's hosts to a stand-in server of their own on 127.0.0.1.
 */
export type At = (url: string) => string;
export const asIs: At = (url) => url;

/** What a provider's profile calls find out; the tokens are added by the client. */
export type ProfileIdentity = Omit<ProviderIdentity, "tokens" | "signUpAllowed">;

/** Calls the provider's API with the user's access token and answers its JSON. */
export type ProviderApi = (url: string, headers?: Record<string, string>) => Promise<unknown>;

/**
 * One of Stack's built-in OAuth providers: its endpoints, the scopes sign-in asks for, how our
 * client authenticates at its token endpoint, whether it takes PKCE, and how its API describes
 * the signed-in account.
 */
export interface BuiltInSpec {
  id: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  scopes: string[];
  /** `basic`: HTTP Basic with the client id and secret; `post`: both in the form body. */
  tokenAuth: "basic" | "post";
  pkce: boolean;
  /** Added to the authorization URL (Facebook's configuration id). */
  authorizationParams?: Record<string, string>;
  profile(api: ProviderApi, client: { clientId: string }): Promise<ProfileIdentity>;
}

export interface BuiltInCredentials {
  clientId: string;
  clientSecret: string;
  callbackUrl: () => string;
}

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.union([z.string(), z.array(z.string())]).optional(),
});

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** RFC 6749 2.3.1: id and secret are form-encoded before they are joined for Basic. */
const basic = (id: string, secret: string) => {
  const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString("base64")}`;
};

/** The provider's API did not answer 200 (401: it does not take the access token). */
class ProviderApiRefused extends Error {
  override name = "ProviderApiRefused";
  constructor(
    provider: string,
    readonly status: number,
  ) {
    super(`${provider} API answered ${status}`);
  }
}

/**
 * A built-in provider as a SocialProvider: the authorization code flow, every call through the
 * outbound address rules. Errors never carry what the provider answered (it may echo a token).
 */
export function builtInProvider(
  spec: BuiltInSpec,
  credentials: BuiltInCredentials,
  fetch: OutboundFetch,
): SocialProvider {
  const tokenCall = async (
    grant: Record<string, string>,
    asked: string[],
    refused?: () => Error,
  ): Promise<ProviderTokens> => {
    const body = new URLSearchParams(grant);
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    };
    if (spec.tokenAuth === "basic") headers.authorization = basic(credentials.clientId, credentials.clientSecret);
    else {
      body.set("client_id", credentials.clientId);
      body.set("client_secret", credentials.clientSecret);
    }
    const response = await fetch(spec.tokenEndpoint, { method: "POST", headers, body: body.toString() });
    if (refused && isOAuthErrorStatus(response.status)) throw refused();
    if (response.status !== 200) throw KnownErrors.invalidAuthorizationCode();
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw KnownErrors.invalidAuthorizationCode();
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
      // Some answer the granted scopes space-separated, Twitch as a JSON array, most not at all.
      scopes: Array.isArray(t.scope) ? t.scope : t.scope ? t.scope.split(/[\s,]+/).filter(Boolean) : asked,
    };
  };

  const apiFor =
    (accessToken: string): ProviderApi =>
    async (url, headers = {}) => {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...headers },
      });
      if (response.status !== 200) throw new ProviderApiRefused(spec.id, response.status);
      return response.json();
    };

  return {
    id: spec.id,
    isDevelopment: false,
    authorizationUrl(state, codeVerifier, extraScopes) {
      const url = new URL(spec.authorizationEndpoint);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", credentials.clientId);
      url.searchParams.set("redirect_uri", credentials.callbackUrl());
      url.searchParams.set("scope", mergeScopes(spec.scopes, extraScopes).join(" "));
      url.searchParams.set("state", state);
      if (spec.pkce) {
        url.searchParams.set("code_challenge", s256(codeVerifier));
        url.searchParams.set("code_challenge_method", "S256");
      }
      for (const [name, value] of Object.entries(spec.authorizationParams ?? {})) url.searchParams.set(name, value);
      return url;
    },
    async exchange(code, flow): Promise<ProviderIdentity> {
      const asked = mergeScopes(spec.scopes, flow.providerScopes ?? []);
      const grant: Record<string, string> = {
        grant_type: "authorization_code",
        code,
        redirect_uri: credentials.callbackUrl(),
      };
      if (spec.pkce) grant.code_verifier = flow.innerCodeVerifier;
      const tokens = await tokenCall(grant, asked);
      const identity = await spec.profile(apiFor(tokens.accessToken), { clientId: credentials.clientId });
      if (!identity.accountId) throw new Error(`${spec.id} named no account id`);
      return { ...identity, tokens };
    },
    async refresh(refreshToken) {
      const tokens = await tokenCall(
        { grant_type: "refresh_token", refresh_token: refreshToken },
        [],
        () => new RefreshRefused(`${spec.id} refused the refresh`),
      );
      // A provider that does not rotate refresh tokens keeps the old one working.
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },
    async checkAccessToken(accessToken) {
      // As Stack asks each provider: its account API with the token (the one sign-in reads).
      try {
        await spec.profile(apiFor(accessToken), { clientId: credentials.clientId });
        return true;
      } catch (error) {
        return !(error instanceof ProviderApiRefused && error.status === 401);
      }
    },
  };
}

/** A string field of a provider's JSON, or null. */
export const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** A field that may come as a number (GitLab's and Twitch's ids) as a string. */
export const idOf = (value: unknown): string =>
  typeof value === "number" ? String(value) : typeof value === "string" ? value : "";

export type Json = Record<string, unknown>;
export const obj = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});
