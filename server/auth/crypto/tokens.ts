import { desc, eq, isNull } from "drizzle-orm";
import { errors, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { authSigningKeysTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { throwErr } from "../../lib/errors.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { randomToken } from "./secrets.ts";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 10 * 60;
const VERIFIED_CACHE_MAX = 10_000;

type RestrictedReason = NonNullable<AccessTokenClaims["restricted_reason"]>;

/**
 * Exactly the claim set the SDK's accessTokenPayloadSchema requires (no more, no less), checked
 * after the signature too: a token signed with our key is still read as data, not trusted as a
 * shape. Claims added later default, so tokens issued before an upgrade stay readable for their
 * few minutes.
 */
const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.string(),
  project_id: z.string(),
  branch_id: z.literal("main"),
  refresh_token_id: z.string(),
  role: z.literal("authenticated"),
  name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  selected_team_id: z.string().nullable().default(null),
  signed_up_at: z.number(),
  is_anonymous: z.boolean(),
  is_restricted: z.boolean().default(false),
  restricted_reason: z
    .object({ type: z.enum(["anonymous", "email_not_verified", "restricted_by_administrator"]) })
    .nullable()
    .default(null),
  requires_totp_mfa: z.boolean().default(false),
});

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

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
  /** The project restricts users until their primary e-mail is verified. */
  requireEmailVerification?: boolean;
  /** Absent for tokens minted without a user record (tests); the claim is then null. */
  selectedTeamId?: string | null;
  /** The user has TOTP turned on (every new session of theirs passed the second factor). */
  requiresTotpMfa?: boolean;
}

/** Why a user may not act as a full user yet: anonymous, e-mail to verify (fixable by the user first), admin. */
export function restrictedReasonOf(user: {
  isAnonymous: boolean;
  restrictedByAdmin: boolean;
  primaryEmailVerified?: boolean;
  requireEmailVerification?: boolean;
}): RestrictedReason | null {
  if (user.isAnonymous) return { type: "anonymous" };
  if (user.requireEmailVerification && !user.primaryEmailVerified) return { type: "email_not_verified" };
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}

/** Whose tokens a key signs: full users, restricted users, anonymous users (each its own key set). */
export type KeyAudience = "users" | "restricted" | "anonymous";
const AUDIENCES: readonly KeyAudience[] = ["users", "restricted", "anonymous"];

export function keyAudienceOf(reason: RestrictedReason | null): KeyAudience {
  return reason?.type === "anonymous" ? "anonymous" : reason ? "restricted" : "users";
}

interface SigningKey {
  kid: string;
  audience: KeyAudience;
  privateKey: CryptoKey;
  publicJwk: JWK;
  createdAt: Date;
}

/** A successor waits this long published, then signs this long before its own successor takes over. */
const KEY_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
/** How often an instance re-reads the key table (a promotion reaches other instances this late). */
const RELOAD_MS = 5 * 60 * 1000;

/**
 * ES256 keys kept in the store so that every instance signs and verifies alike, one set per
 * audience. Per audience the newest unretired key is the successor, published but not signing;
 * the one before it signs (so the JWKS lists two keys per audience, and cached copies elsewhere
 * know the next key long before it signs). Every unretired key verifies.
 */
export class TokenService {
  /** Per audience, unretired keys newest first. */
  private keys = new Map<KeyAudience, SigningKey[]>();
  /**
   * Tokens whose signature was already checked, until they expire: a client sends the same token
   * with every request for minutes, and the signature of an exact token string cannot change.
   */
  private verified = new Map<string, { claims: AccessTokenClaims; kid: string }>();
  private verifyKeys = new Map<string, CryptoKey>();
  private lastReload = 0;

  constructor(
    private store: Store,
    /** `${origin}/auth/api/v1`, read per token because the origin is known only once listening. */
    private apiUrl: () => string,
  ) {}

  /** Every audience gets a signing key and a successor (keys from before audiences are the users' set). */
  async init(): Promise<void> {
    await this.reload();
    for (const audience of AUDIENCES) {
      for (let n = this.keysOf(audience).length; n < 2; n++) await this.addKey(audience);
    }
    await this.rotate();
  }

  private keysOf(audience: KeyAudience): SigningKey[] {
    return this.keys.get(audience) ?? [];
  }

  private async addKey(audience: KeyAudience): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
    await this.store.db.insert(authSigningKeysTable).values({ kid, audience, privateJwk, publicJwk });
    await this.reload();
  }

  /**
   * Key rotation, run at start and every few hours by the service, per audience: once the
   * successor has been published for KEY_MAX_AGE_MS (which is also how long the signing key has
   * signed: a successor is added when its predecessor starts signing), a new successor is added,
   * which makes the old successor the signing key. Keys older than the signing key are retired
   * once no token they signed can still be valid (instances that have not re-read the table may
   * sign with them for up to RELOAD_MS more).
   */
  async rotate(now = Date.now()): Promise<void> {
    await this.reload();
    for (const audience of AUDIENCES) {
      const [successor, signing] = this.keysOf(audience);
      if (successor && signing && now - successor.createdAt.getTime() > KEY_MAX_AGE_MS) await this.addKey(audience);
      const [promotedAt, , ...older] = this.keysOf(audience);
      if (!promotedAt) continue;
      const retireAfter = promotedAt.createdAt.getTime() + RELOAD_MS + ACCESS_TOKEN_LIFETIME_SECONDS * 1000;
      if (now <= retireAfter || older.length === 0) continue;
      for (const key of older) {
        await this.store.db
          .update(authSigningKeysTable)
          .set({ retiredAt: new Date(now) })
          .where(eq(authSigningKeysTable.kid, key.kid));
      }
      await this.reload();
    }
  }

  /** The audience's second-newest key (the newest waits as successor); the only one while alone. */
  private signingKey(audience: KeyAudience): SigningKey {
    const keys = this.keysOf(audience);
    return keys[1] ?? keys[0] ?? throwErr(`no signing key for ${audience} available`);
  }

  private async reload(): Promise<void> {
    const rows = await this.store.db
      .select()
      .from(authSigningKeysTable)
      .where(isNull(authSigningKeysTable.retiredAt))
      .orderBy(desc(authSigningKeysTable.createdAt), desc(authSigningKeysTable.kid));
    const keys = new Map<KeyAudience, SigningKey[]>();
    const verifyKeys = new Map<string, CryptoKey>();
    for (const row of rows) {
      const privateKey = (await importJWK(row.privateJwk as JWK, "ES256")) as CryptoKey;
      const key = {
        kid: row.kid,
        audience: row.audience,
        privateKey,
        publicJwk: row.publicJwk as JWK,
        createdAt: row.createdAt,
      };
      keys.set(row.audience, [...(keys.get(row.audience) ?? []), key]);
      verifyKeys.set(
        row.kid,
        this.verifyKeys.get(row.kid) ?? ((await importJWK(row.publicJwk as JWK, "ES256")) as CryptoKey),
      );
    }
    this.keys = keys;
    // Retired keys drop out here, so their tokens stop verifying on this instance too.
    this.verifyKeys = verifyKeys;
    for (const [token, entry] of this.verified) if (!verifyKeys.has(entry.kid)) this.verified.delete(token);
    this.lastReload = Date.now();
  }

  /** Picks up keys other instances added or retired, at most RELOAD_MS late. */
  private async fresh(): Promise<void> {
    if (Date.now() - this.lastReload > RELOAD_MS) await this.reload();
  }

  /**
   * The public keys of full users' tokens; with `restricted`, also restricted users' keys; with
   * `anonymous`, those and anonymous users' keys (Stack's include_restricted / include_anonymous).
   */
  async jwks(include: { restricted?: boolean; anonymous?: boolean } = {}): Promise<{ keys: JWK[] }> {
    await this.fresh();
    const audiences: KeyAudience[] = ["users"];
    if (include.restricted || include.anonymous) audiences.push("restricted");
    if (include.anonymous) audiences.push("anonymous");
    return {
      keys: audiences.flatMap((audience) =>
        this.keysOf(audience).map(({ publicJwk }) => ({
          kty: publicJwk.kty,
          crv: publicJwk.crv,
          alg: "ES256",
          kid: publicJwk.kid,
          x: publicJwk.x,
          y: publicJwk.y,
        })),
      ),
    };
  }

  issuer(projectId: string, reason: RestrictedReason | null): string {
    const folder =
      reason?.type === "anonymous" ? "projects-anonymous-users" : reason ? "projects-restricted-users" : "projects";
    return `${this.apiUrl()}/${folder}/${projectId}`;
  }

  async sign(subject: TokenSubject, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): Promise<string> {
    await this.fresh();
    const reason = restrictedReasonOf(subject);
    const key = this.signingKey(keyAudienceOf(reason));
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
      selected_team_id: subject.selectedTeamId ?? null,
      signed_up_at: Math.floor(subject.signedUpAt.getTime() / 1000),
      is_anonymous: subject.isAnonymous,
      is_restricted: reason !== null,
      restricted_reason: reason,
      requires_totp_mfa: subject.requiresTotpMfa ?? false,
    };
    return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" }).sign(key.privateKey);
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
    const known = this.verified.get(token)?.claims;
    if (known && known.exp * 1000 > Date.now()) {
      if (known.project_id !== expectedProjectId) {
        throw KnownErrors.invalidProjectForAccessToken(expectedProjectId, known.project_id);
      }
      return known;
    }
    const verified = await this.verifySignature(token, expectedProjectId);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value ?? "");
    this.verified.set(token, verified);
    return verified.claims;
  }

  private async verifySignature(
    token: string,
    expectedProjectId: string,
  ): Promise<{ claims: AccessTokenClaims; kid: string }> {
    let claims: AccessTokenClaims;
    let kid: string;
    try {
      const result = await jwtVerify(token, (header) => this.keyFor(header.kid), { algorithms: ["ES256"] });
      const parsed = accessTokenClaimsSchema.safeParse(result.payload);
      if (!parsed.success) throw KnownErrors.unparsableAccessToken();
      claims = parsed.data;
      kid = result.protectedHeader.kid ?? "";
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
    if (claims.project_id !== expectedProjectId) {
      throw KnownErrors.invalidProjectForAccessToken(expectedProjectId, claims.project_id);
    }
    return { claims, kid };
  }
}
