import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { OutboundFetch } from "../../../lib/outbound-fetch.ts";
import { KnownErrors } from "../../errors/known-errors.ts";

const httpUrl = z.string().regex(/^https?:\/\//);

/** The parts of an OpenID Provider's metadata this client uses (OpenID Connect Discovery 1.0, §3). */
const metadataSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: httpUrl,
  token_endpoint: httpUrl,
  jwks_uri: httpUrl,
  /** Asked whether a stored access token still holds (connected accounts). */
  userinfo_endpoint: httpUrl.optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type OidcMetadata = z.infer<typeof metadataSchema>;

/** Metadata is read again after this long, so a provider's moved endpoints are picked up. */
const METADATA_TTL_MS = 10 * 60 * 1000;

/**
 * Discovery documents and key sets of the OpenID providers projects use, fetched through the
 * outbound policy and kept for a while. One key set per `jwks_uri`: jose fetches it again when a
 * token names a key it does not hold (the provider rotated), at most every 30 s.
 */
export class OidcDirectory {
  private metadata = new Map<string, { at: number; value: Promise<OidcMetadata> }>();
  private keySets = new Map<string, JWTVerifyGetKey>();

  constructor(private fetch: OutboundFetch) {}

  discover(issuer: string): Promise<OidcMetadata> {
    const cached = this.metadata.get(issuer);
    if (cached && Date.now() - cached.at < METADATA_TTL_MS) return cached.value;
    const value = this.load(issuer);
    this.metadata.set(issuer, { at: Date.now(), value });
    // A failure is not kept: the next sign-in asks again.
    value.catch(() => this.metadata.delete(issuer));
    return value;
  }

  private async load(issuer: string): Promise<OidcMetadata> {
    const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
    const response = await this.fetch(url, { headers: { accept: "application/json" } });
    if (response.status !== 200) throw KnownErrors.oidcDiscoveryFailed(issuer);
    const parsed = metadataSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw KnownErrors.oidcDiscoveryFailed(issuer);
    // Discovery §4.3: the document must name exactly the issuer it was fetched for, or a provider
    // could speak for another (mix-up).
    if (parsed.data.issuer !== issuer) throw KnownErrors.oidcIssuerMismatch();
    return parsed.data;
  }

  keys(jwksUri: string): JWTVerifyGetKey {
    let keySet = this.keySets.get(jwksUri);
    if (!keySet) {
      const fetchKeys = this.fetch;
      keySet = createRemoteJWKSet(new URL(jwksUri), {
        cooldownDuration: 30_000,
        cacheMaxAge: METADATA_TTL_MS,
        timeoutDuration: 10_000,
        [customFetch]: (url, options) => fetchKeys(url, { headers: options.headers, signal: options.signal }),
      });
      this.keySets.set(jwksUri, keySet);
    }
    return keySet;
  }
}
