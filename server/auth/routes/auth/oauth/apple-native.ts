import { createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey, jwtVerify } from "jose";
import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { issueSessionAfterFirstFactor } from "../../../sign-in/totp.ts";
import { resolveSocialUser } from "../../../social/resolve-user.ts";
import { readBody } from "../../../wire/headers.ts";

const body = z.object({ id_token: z.string().min(1).max(20_000) }).strict();

const APPLE_ISSUER = "https://appleid.apple.com";
/** Apple's published signing keys for identity tokens (fetched on demand, cached by jose). */
const APPLE_KEYS_URL = new URL("https://appleid.apple.com/auth/keys");

let appleKeys: JWTVerifyGetKey | null = null;
const appleKeySet = () => {
  appleKeys ??= createRemoteJWKSet(APPLE_KEYS_URL, { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return appleKeys;
};

/**
 * An identity token's subject and e-mail once its signature (one of Apple's keys, RS256/ES256),
 * issuer, expiry and audience (one of the project's bundle ids) are checked. Anything that cannot be
 * checked, including Apple's keys being unreachable, is INVALID_APPLE_CREDENTIALS: a token is
 * never trusted unverified. A token that is not even a JWT is refused without asking Apple.
 */
export async function verifyAppleIdToken(
  idToken: string,
  bundleIds: string[],
  keys: JWTVerifyGetKey = appleKeySet(),
): Promise<{ sub: string; email: string | null; emailVerified: boolean }> {
  try {
    decodeJwt(idToken);
  } catch {
    throw KnownErrors.invalidAppleCredentials();
  }
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: APPLE_ISSUER,
      audience: bundleIds,
      algorithms: ["RS256", "ES256"],
    });
    if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("no subject");
    return {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
    };
  } catch {
    throw KnownErrors.invalidAppleCredentials();
  }
}

/**
 * POST /auth/oauth/callback/apple/native: sign-in with an identity token from Apple's native dialog
 * (iOS/macOS apps). The project needs the `apple` provider with the apps' bundle ids
 * (`apple_bundle_ids`, the tokens' audience); the verified Apple account then signs in like a
 * social sign-in (the linked user, a merge by verified e-mail, or a new user) and the answer is a
 * session: `{access_token, refresh_token, user_id, is_new_user}`.
 */
export function registerAppleNativeCallback(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/oauth/callback/apple/native", projectAuth(deps), async (c) => {
    const { project } = c.get("auth");
    const input = await readBody(c, body);
    await deps.limits.perIp(c, "sign-in", LIMITS.signInPerIp);
    const provider = project.config.oauth_providers.find((p) => p.id === "apple");
    if (!provider || provider.allow_sign_in === false) throw KnownErrors.oauthProviderNotFoundOrNotEnabled();
    const bundleIds = provider.apple_bundle_ids ?? [];
    if (bundleIds.length === 0) throw KnownErrors.appleBundleIdNotConfigured();
    const apple = await verifyAppleIdToken(input.id_token, bundleIds);
    const { user, isNewUser } = await resolveSocialUser(
      deps,
      project,
      {
        projectId: project.id,
        providerId: "apple",
        type: "authenticate",
        redirectUri: "",
        outerState: "",
        codeChallenge: "",
        codeChallengeMethod: "S256",
        afterCallbackRedirectUrl: null,
        userId: null,
        innerCodeVerifier: "",
      },
      {
        accountId: apple.sub,
        email: apple.email,
        emailVerified: apple.emailVerified,
        displayName: null,
        profileImageUrl: null,
      },
    );
    const session = await issueSessionAfterFirstFactor(deps, user, sessionOrigin(c, deps.config));
    return c.json({ ...session, user_id: user.id, is_new_user: isNewUser });
  });
}
