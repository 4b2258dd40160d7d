import { z } from "zod";
import { authenticateOAuthClient } from "../../../access/oauth-client.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../../crypto/tokens.ts";
import { refreshAccessToken } from "../../../sign-in/refresh-session.ts";
import { sessionOrigin } from "../../../sign-in/session-origin.ts";
import { readBody } from "../../../wire/headers.ts";
import { exchangeAuthorizationCode } from "./code-exchange.ts";

// oauth4webapi posts form-encoded, without X-Stack headers; JSON is accepted too.
const body = z.looseObject({
  grant_type: z.enum(["refresh_token", "authorization_code"]),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(2048).optional(),
  code_verifier: z.string().max(200).optional(),
});

export function registerOAuthToken(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/oauth/token", async (c) => {
    const input = await readBody(c, body);
    const project = await authenticateOAuthClient(deps, "token", input.client_id, input.client_secret);
    if (input.grant_type === "authorization_code") {
      const result = await deps.limits.secret(c, "token", () =>
        exchangeAuthorizationCode(deps, project, input, sessionOrigin(c, deps.config)),
      );
      c.header("Pragma", "no-cache");
      c.header("Cache-Control", "no-store");
      return c.json(result);
    }
    const accessToken = await refreshAccessToken(deps, c, project.id, input.refresh_token);
    c.header("Pragma", "no-cache");
    c.header("Cache-Control", "no-store");
    return c.json({
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null,
    });
  });
}
