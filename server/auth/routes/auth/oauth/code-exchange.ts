import { createHash } from "node:crypto";
import type { AuthDeps } from "../../../auth-env.ts";
import { secretsEqual } from "../../../crypto/secrets.ts";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../../crypto/tokens.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { issueSessionAfterFirstFactor } from "../../../sign-in/totp.ts";
import type { Project } from "../../../stores/projects.ts";
import { CROSS_DOMAIN_PURPOSE } from "../../../stores/session-handoff.ts";
import type { SessionOrigin } from "../../../stores/sessions.ts";
import { tokenSubject, type UserRecord } from "../../../stores/users.ts";
import type { CodeRow } from "../../../stores/verification-codes.ts";

/** What the callback stores with the outer authorization code it hands to the SDK. */
export interface OuterCodeData {
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: "S256" | "plain";
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
  /** A cross-domain handoff's session (cross-domain.ts): the exchange answers this session's tokens. */
  refresh_token_sealed?: string;
}

/** The authorization-code grant: the outer code from our OAuth callback, checked with PKCE. */
export async function exchangeAuthorizationCode(
  deps: AuthDeps,
  project: Project,
  input: { code?: string; redirect_uri?: string; code_verifier?: string },
  origin?: SessionOrigin,
) {
  if (!input.code || !input.code_verifier) throw KnownErrors.invalidAuthorizationCode();
  let row: CodeRow;
  try {
    row = await deps.codes.redeem(project.id, "oauth_code", input.code);
  } catch {
    throw KnownErrors.invalidAuthorizationCode();
  }
  const data = row.data as OuterCodeData;
  const challenge =
    data.code_challenge_method === "plain"
      ? input.code_verifier
      : createHash("sha256").update(input.code_verifier).digest("base64url");
  if (!secretsEqual(challenge, data.code_challenge)) throw KnownErrors.invalidAuthorizationCode();
  if (
    input.redirect_uri !== undefined &&
    stripCodeAndState(input.redirect_uri) !== stripCodeAndState(data.redirect_uri)
  ) {
    throw KnownErrors.invalidAuthorizationCode();
  }
  const user = await deps.users.get(project.id, data.user_id);
  if (!user) throw KnownErrors.invalidAuthorizationCode();
  const session = data.refresh_token_sealed
    ? await handedOverSession(deps, project, user, data.refresh_token_sealed)
    : await issueSessionAfterFirstFactor(deps, user, origin);
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    scope: "legacy",
    is_new_user: data.is_new_user,
    newUser: data.is_new_user,
    after_callback_redirect_url: data.after_callback_redirect_url,
    afterCallbackRedirectUrl: data.after_callback_redirect_url,
  };
}

/** The SDK removes code and state from its callback URL before using it as redirect_uri. */
export function stripCodeAndState(raw: string): string {
  try {
    const url = new URL(raw);
    url.searchParams.delete("code");
    url.searchParams.delete("state");
    url.hash = "";
    return url.toString();
  } catch {
    return raw;
  }
}

/** The session a cross-domain code carries, as long as it is still valid and still the user's. */
async function handedOverSession(deps: AuthDeps, project: Project, user: UserRecord, sealed: string) {
  const refreshToken = await deps.handoff.open(project.id, CROSS_DOMAIN_PURPOSE, sealed);
  const session = await deps.sessions.findByToken(project.id, refreshToken);
  if (!session || session.userId !== user.id) throw KnownErrors.invalidAuthorizationCode();
  return {
    access_token: await deps.tokens.sign(tokenSubject(user, session.id)),
    refresh_token: refreshToken,
  };
}
