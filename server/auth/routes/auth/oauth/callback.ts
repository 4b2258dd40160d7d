import type { Context } from "hono";
import { z } from "zod";
import { HttpError } from "../../../../lib/errors.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { requestCountry } from "../../../policy/request-country.ts";
import { projectProvider } from "../../../social/project-providers.ts";
import { resolveSocialUser } from "../../../social/resolve-user.ts";
import { readBody, readQuery } from "../../../wire/headers.ts";
import type { OuterCodeData } from "./code-exchange.ts";

const params = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  /** RFC 9207: the issuer of the answer, which OpenID providers add against mix-up. */
  iss: z.string().max(500).optional(),
});

function redirectWithError(c: Context<AuthEnv>, target: string, error: HttpError): Response {
  const url = new URL(target);
  url.searchParams.set("error", "server_error");
  url.searchParams.set("error_description", error.message);
  url.searchParams.set("errorCode", error.code);
  url.searchParams.set("message", error.message);
  url.searchParams.set("details", JSON.stringify(error.details ?? {}));
  // Stack answers a failed GET callback with 307 (its success with 303); after a form_post a 307
  // would send the provider's form on to the app, so that one stays 303.
  return c.redirect(url.toString(), c.req.method === "GET" ? 307 : 303);
}

/**
 * Where the provider sends the browser back (GET, or POST form_post). We exchange the provider's
 * code, find or make the user, and hand the SDK our own one-time code for its PKCE exchange at
 * the token endpoint.
 */
export function registerOAuthCallback(app: AuthApp, deps: AuthDeps): void {
  const handle = async (c: Context<AuthEnv>, input: z.infer<typeof params>) => {
    const providerId = c.req.param("provider")?.toLowerCase() ?? "";
    // Taken, not read: a state is good for one callback, so a replayed one finds nothing.
    const flow = input.state ? await deps.flows.take(input.state) : null;
    if (!flow || flow.providerId !== providerId) throw KnownErrors.outerOAuthTimeout();
    const entry = await deps.projects.get(flow.projectId);
    const provider = entry ? await projectProvider(deps, entry.project, providerId) : null;
    if (!entry || !provider) throw KnownErrors.outerOAuthTimeout();
    // The browser's flow mark (authorize.ts) is spent with the state; cleared as Stack clears it,
    // whatever the outcome. The name is our own state, never the caller's text (the flow was found).
    c.header("set-cookie", `stack-oauth-inner-${input.state}=; Path=/; Max-Age=0; HttpOnly`, { append: true });
    try {
      if (input.error || !input.code) throw KnownErrors.oauthProviderAccessDenied();
      const code = input.code;
      const identity = await provider.exchange(code, flow, { iss: input.iss }).catch((err: unknown) => {
        // A refusal of ours (forged or mixed-up tokens) is answered, not logged: it names the attacker's
        // input only. Anything else is a provider or network failure worth a line, without the code.
        if (err instanceof HttpError) throw err;
        c.get("log").warn({ err, provider: providerId }, "social provider code exchange failed");
        throw KnownErrors.invalidAuthorizationCode();
      });
      const { user, isNewUser } = await resolveSocialUser(
        deps,
        entry.project,
        flow,
        identity,
        requestCountry(c, deps.config),
      );
      if (identity.tokens) {
        await deps.connectedAccounts.save(flow.projectId, providerId, identity.accountId, user.id, identity.tokens);
      }
      const data: OuterCodeData = {
        user_id: user.id,
        redirect_uri: flow.redirectUri,
        code_challenge: flow.codeChallenge,
        code_challenge_method: flow.codeChallengeMethod,
        is_new_user: isNewUser,
        after_callback_redirect_url: flow.afterCallbackRedirectUrl,
      };
      const outerCode = await deps.codes.create(flow.projectId, "oauth_code", user.id, { ...data });
      const target = new URL(flow.redirectUri);
      target.searchParams.set("code", outerCode);
      target.searchParams.set("state", flow.outerState);
      return c.redirect(target.toString(), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(c, flow.redirectUri, error);
    }
  };
  app.get("/auth/oauth/callback/:provider", (c) => handle(c, readQuery(c, params)));
  app.post("/auth/oauth/callback/:provider", async (c) => handle(c, await readBody(c, params)));
}
