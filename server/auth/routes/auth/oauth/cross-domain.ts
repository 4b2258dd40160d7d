import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { isTrustedUrl } from "../../../policy/trusted-domains.ts";
import { CROSS_DOMAIN_PURPOSE } from "../../../stores/session-handoff.ts";
import { readBody, stackHeader } from "../../../wire/headers.ts";
import type { OuterCodeData } from "./code-exchange.ts";

const body = z.strictObject({
  redirect_uri: z.string().min(1).max(2048),
  state: z.string().min(1).max(500),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal("S256"),
  after_callback_redirect_url: z.string().min(1).max(2048).optional(),
});

/**
 * POST /auth/oauth/cross-domain/authorize (Stack's cross-domain sign-in): a signed-in page hands
 * its session to another trusted origin. It proves the session with both tokens; the answer is a
 * redirect to `redirect_uri` with a one-time code that the other origin exchanges at
 * /auth/oauth/token (PKCE, S256) for this same session's tokens.
 */
export function registerCrossDomainAuthorize(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/oauth/cross-domain/authorize", projectAuth(deps), async (c) => {
    const { project, user, claims } = c.get("auth");
    if (!user || !claims) throw KnownErrors.userAuthenticationRequired();
    const input = await readBody(c, body);
    const own = deps.ctx.publicUrl();
    for (const url of [input.redirect_uri, input.after_callback_redirect_url]) {
      if (url && !isTrustedUrl(project, url, own)) throw KnownErrors.redirectUrlNotWhitelisted();
    }
    const refreshToken = stackHeader(c, "refresh-token");
    if (!refreshToken) {
      throw new StatusError(
        "CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED",
        "Cross-domain auth handoff requires passing the current refresh token.",
      );
    }
    const session = await deps.limits.secret(c, "token", () => deps.sessions.findByToken(project.id, refreshToken));
    if (!session || session.id !== claims.refresh_token_id) {
      throw new StatusError(
        "CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH",
        "Cross-domain auth handoff refresh token does not match the authenticated session.",
      );
    }
    const data: OuterCodeData = {
      user_id: user.id,
      redirect_uri: input.redirect_uri,
      code_challenge: input.code_challenge,
      code_challenge_method: "S256",
      is_new_user: false,
      after_callback_redirect_url: input.after_callback_redirect_url ?? null,
      refresh_token_sealed: await deps.handoff.seal(project.id, CROSS_DOMAIN_PURPOSE, refreshToken),
    };
    const code = await deps.codes.create(project.id, "oauth_code", user.id, { ...data });
    const redirect = new URL(input.redirect_uri, own);
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("state", input.state);
    return c.json({ redirect_url: redirect.toString() });
  });
}
