import { desc, isNull } from "drizzle-orm";
import { errors, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { authSigningKeysTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";
import { KnownErrors } from "./known-errors.ts";
import { randomToken } from "./secrets.ts";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 10 * 60;
const VERIFIED_CACHE_MAX = 10_000;

type RestrictedReason = { type: "anonymous" | "email_not_verified" | "restricted_by_administrator" };

/** Exactly the claim set the SDK's accessTokenPayloadSchema requires (no more, no less). */
export interface AccessTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
  project_id: string;
  branch_id: "main";
  refresh_token_id: string;
  role: "authenticated";
  name: string | null;
  email: string | null;
  email_verified: boolean;
  selected_team_id: string | null;
  signed_up_at: number;
  is_anonymous: boolean;
  is_restricted: boolean;
  restricted_reason: RestrictedReason | null;
  requires_totp_mfa: boolean;
}

export interface TokenSubject {
  userId: string;
  projectId: string;
  refreshTokenId: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  signedUpAt: Date;
  isAnonymous: boolean;
  restrictedByAdmin: boolean;
}

export function restrictedReasonOf(user: {
  isAnonymous: boolean;
  restrictedByAdmin: boolean;
}): RestrictedReason | null {
  if (user.isAnonymous) return { type: "anonymous" };
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * ES256 keys kept in the store so that every instance signs and verifies alike. The newest
 * unretired key signs; every unretired key verifies and is published in the JWKS.
 */
export class TokenService {
  private keys: SigningKey[] = [];
  /**
   * Tokens whose signature was already checked, until they expire: a client sends the same token
   * with every request for minutes, and the signature of an exact token string cannot change.
   */
  private verified = new Map<string, AccessTokenClaims>();
  private verifyKeys = new Map<string, CryptoKey>();
  private lastReload = 0;

  constructor(
    private store: Store,
    /** `${origin}/auth/api/v1`, read per token because the origin is known only once listening. */
    private apiUrl: () => string,
  ) {}

  async init(): Promise<void> {
    await this.reload();
    if (this.keys.length > 0) return;
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
    await this.store.db.insert(authSigningKeysTable).values({ kid, privateJwk, publicJwk });
    await this.reload();
  }

  private async reload(): Promise<void> {
    const rows = await this.store.db
      .select()
      .from(authSigningKeysTable)
      .where(isNull(authSigningKeysTable.retiredAt))
      .orderBy(desc(authSigningKeysTable.createdAt));
    const keys: SigningKey[] = [];
    for (const row of rows) {
      const privateKey = (await importJWK(row.privateJwk as JWK, "ES256")) as CryptoKey;
      keys.push({ kid: row.kid, privateKey, publicJwk: row.publicJwk as JWK });
      if (!this.verifyKeys.has(row.kid)) {
        this.verifyKeys.set(row.kid, (await importJWK(row.publicJwk as JWK, "ES256")) as CryptoKey);
      }
    }
    this.keys = keys;
    this.lastReload = Date.now();
  }

  jwks(): { keys: JWK[] } {
    return {
      keys: this.keys.map(({ publicJwk }) => ({
        kty: publicJwk.kty,
        crv: publicJwk.crv,
        alg: "ES256",
        kid: publicJwk.kid,
        x: publicJwk.x,
        y: publicJwk.y,
      })),
    };
  }

  issuer(projectId: string, reason: RestrictedReason | null): string {
    const folder =
      reason?.type === "anonymous" ? "projects-anonymous-users" : reason ? "projects-restricted-users" : "projects";
    return `${this.apiUrl()}/${folder}/${projectId}`;
  }

  async sign(subject: TokenSubject, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): Promise<string> {
    const key = this.keys[0] ?? (await this.init().then(() => this.keys[0]));
    if (!key) throw new Error("no signing key available");
    const reason = restrictedReasonOf(subject);
    const now = Math.floor(Date.now() / 1000);
    const claims: AccessTokenClaims = {
      sub: subject.userId,
      iat: now,
      exp: now + lifetimeSeconds,
      iss: this.issuer(subject.projectId, reason),
      aud:
        reason?.type === "anonymous"
          ? `${subject.projectId}:anon`
          : reason
            ? `${subject.projectId}:restricted`
            : subject.projectId,
      project_id: subject.projectId,
      branch_id: "main",
      refresh_token_id: subject.refreshTokenId,
      role: "authenticated",
      name: subject.displayName,
      email: subject.primaryEmail,
      email_verified: subject.primaryEmailVerified,
      selected_team_id: null,
      signed_up_at: Math.floor(subject.signedUpAt.getTime() / 1000),
      is_anonymous: subject.isAnonymous,
      is_restricted: reason !== null,
      restricted_reason: reason,
      requires_totp_mfa: false,
    };
    return new SignJWT(claims as unknown as JWTPayload)
      .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
      .sign(key.privateKey);
  }

  private async keyFor(kid: string | undefined): Promise<CryptoKey> {
    if (!kid) throw KnownErrors.unparsableAccessToken();
    let key = this.verifyKeys.get(kid);
    // Another instance may have added a key; look again, but not more than once a second.
    if (!key && Date.now() - this.lastReload > 1_000) {
      await this.reload();
      key = this.verifyKeys.get(kid);
    }
    if (!key) throw KnownErrors.unparsableAccessToken();
    return key;
  }

  /**
   * Verifies signature and expiry. Throws the SDK's UNPARSABLE_ACCESS_TOKEN, ACCESS_TOKEN_EXPIRED
   * or INVALID_PROJECT_FOR_ACCESS_TOKEN.
   */
  async verify(token: string, expectedProjectId: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) {
      if (known.project_id !== expectedProjectId) {
        throw KnownErrors.invalidProjectForAccessToken(expectedProjectId, known.project_id);
      }
      return known;
    }
    const claims = await this.verifySignature(token, expectedProjectId);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value ?? "");
    this.verified.set(token, claims);
    return claims;
  }

  private async verifySignature(token: string, expectedProjectId: string): Promise<AccessTokenClaims> {
    let claims: AccessTokenClaims;
    try {
      const result = await jwtVerify(token, (header) => this.keyFor(header.kid), { algorithms: ["ES256"] });
      claims = result.payload as unknown as AccessTokenClaims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        const payload = error.payload as Partial<AccessTokenClaims>;
        if (payload.project_id && payload.project_id !== expectedProjectId) {
          throw KnownErrors.invalidProjectForAccessToken(expectedProjectId, payload.project_id);
        }
        throw KnownErrors.accessTokenExpired({
          expired_at_millis: typeof payload.exp === "number" ? payload.exp * 1000 : null,
          project_id: String(payload.project_id ?? expectedProjectId),
          user_id: String(payload.sub ?? ""),
          refresh_token_id: String(payload.refresh_token_id ?? ""),
        });
      }
      if (error instanceof Error && "code" in error && error.code === "UNPARSABLE_ACCESS_TOKEN") throw error;
      throw KnownErrors.unparsableAccessToken();
    }
    if (typeof claims.sub !== "string" || typeof claims.project_id !== "string") {
      throw KnownErrors.unparsableAccessToken();
    }
    if (claims.project_id !== expectedProjectId) {
      throw KnownErrors.invalidProjectForAccessToken(expectedProjectId, claims.project_id);
    }
    return claims;
  }
}
