import { z } from "zod";
import { authenticateOAuthClient } from "../../../access/oauth-client.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { randomToken } from "../../../crypto/secrets.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { isTrustedUrl } from "../../../policy/trusted-domains.ts";
import { FLOW_LIFETIME_MS } from "../../../social/flow-states.ts";
import { projectProvider } from "../../../social/project-providers.ts";
import { parseScopes } from "../../../social/provider-tokens.ts";
import { readQuery } from "../../../wire/headers.ts";
import { stripCodeAndState } from "./code-exchange.ts";

/** An absolute URL, refused in Stack's words (a relative one would resolve against this server). */
const absoluteUrl = (options: { noSpaces?: boolean } = {}) =>
  z
    .string()
    .max(2048)
    .superRefine((value, ctx) => {
      if (options.noSpaces && /\s/.test(value)) ctx.addIssue({ code: "custom", message: "contains spaces" });
      if (!URL.canParse(value)) ctx.addIssue({ code: "custom", message: "is not a valid URL" });
    });

const query = z.looseObject({
  client_id: z.string().max(200),
  client_secret: z.string().max(200),
  redirect_uri: absoluteUrl({ noSpaces: true }),
  state: z.string().min(1).max(500),
  // Any length, as Stack takes it (its e2e helpers send the plain "some-code-challenge"): the
  // challenge protects the client's own code, and the S256 the SDKs send is 43 characters anyway.
  code_challenge: z.string().min(1).max(128),
  code_challenge_method: z.enum(["S256", "plain"]).default("S256"),
  response_type: z.literal("code").default("code"),
  scope: z.string().max(200).optional(),
  grant_type: z.string().max(50).optional(),
  type: z.enum(["authenticate", "link"]).default("authenticate"),
  error_redirect_url: z.string().max(2048).optional(),
  token: z.string().max(8192).optional(),
  after_callback_redirect_url: absoluteUrl().optional(),
  provider_scope: z.string().max(500).optional(),
  stack_response_mode: z.enum(["json", "redirect"]).optional(),
});

/**
 * GET /auth/oauth/authorize/{provider}: a plain fetch from the SDK (no X-Stack headers). JSON mode
 * answers {location}; the legacy redirect mode answers 307 and binds the browser with a cookie.
 */
export function registerOAuthAuthorize(app: AuthApp, deps: AuthDeps): void {
  app.get("/auth/oauth/authorize/:provider", async (c) => {
    const input = readQuery(c, query);
    const project = await authenticateOAuthClient(deps, "authorize", input.client_id, input.client_secret);
    const providerId = c.req.param("provider").toLowerCase();
    const provider = await projectProvider(deps, project, providerId);
    if (!provider) throw KnownErrors.oauthProviderNotFoundOrNotEnabled();
    const own = deps.ctx.publicUrl();
    // Callback errors go back to redirect_uri (trusted by now), so error_redirect_url is only checked.
    for (const url of [input.redirect_uri, input.error_redirect_url, input.after_callback_redirect_url]) {
      if (url && !isTrustedUrl(project, url, own)) throw KnownErrors.redirectUrlNotWhitelisted();
    }
    let userId: string | null = null;
    if (input.token) {
      try {
        userId = (await deps.tokens.verify(input.token, project.id)).sub;
      } catch (error) {
        if (input.type === "link") throw error;
      }
    }
    if (input.type === "link" && !userId) throw KnownErrors.userAuthenticationRequired();

    const innerCodeVerifier = randomToken(64);
    const nonce = randomToken(32);
    const innerState = await deps.flows.create({
      projectId: project.id,
      providerId,
      type: input.type,
      redirectUri: stripCodeAndState(new URL(input.redirect_uri, own).toString()),
      outerState: input.state,
      codeChallenge: input.code_challenge,
      codeChallengeMethod: input.code_challenge_method,
      afterCallbackRedirectUrl: input.after_callback_redirect_url ?? null,
      providerScopes: parseScopes(input.provider_scope),
      userId,
      innerCodeVerifier,
      nonce,
    });
    const location = (
      await provider.authorizationUrl(innerState, innerCodeVerifier, parseScopes(input.provider_scope), nonce)
    ).toString();
    if (input.stack_response_mode === "json") return c.json({ location });
    // Written as Stack writes it (Path, Expires, Max-Age, Secure, HttpOnly; no SameSite, whose
    // default Lax is what a browser applies anyway): the cookie only marks the browser that began
    // the flow, and Stack's clients and tests read it in this form.
    const maxAge = FLOW_LIFETIME_MS / 1000;
    const expires = new Date(Date.now() + FLOW_LIFETIME_MS).toUTCString();
    const secure = new URL(own).protocol === "https:" ? " Secure;" : "";
    c.header(
      "set-cookie",
      `stack-oauth-inner-${innerState}=true; Path=/; Expires=${expires}; Max-Age=${maxAge};${secure} HttpOnly`,
      { append: true },
    );
    return c.redirect(location, 307);
  });
}
