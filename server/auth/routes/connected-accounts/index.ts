import type { Context } from "hono";
import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { renderConnectedAccount } from "../../social/connected-accounts.ts";
import { projectProvider } from "../../social/project-providers.ts";
import { parseScopes } from "../../social/provider-tokens.ts";
import { readBody } from "../../wire/headers.ts";

const tokenBody = z.strictObject({ scope: z.string().max(1000).optional() });

/**
 * Connected accounts: the social accounts behind a user, and access tokens to call the provider's
 * API with. A client asks for its own (`me`); server access for any user.
 */
export function registerConnectedAccounts(app: AuthApp, deps: AuthDeps): void {
  app.get("/connected-accounts/:user_id", projectAuth(deps), async (c) => {
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const accounts = await deps.connectedAccounts.list(user.projectId, user.id);
    return c.json({ items: accounts.map(renderConnectedAccount), is_paginated: false });
  });

  const accessToken = async (c: Context<AuthEnv>, accountId: string | undefined) => {
    const { scope } = await readBody(c, tokenBody);
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const providerId = c.req.param("provider") ?? "";
    const token = await deps.connectedAccounts.accessToken(
      user.projectId,
      user.id,
      (await deps.projects.get(user.projectId).then((e) => e && projectProvider(deps, e.project, providerId))) ??
        undefined,
      providerId,
      accountId,
      parseScopes(scope),
    );
    // 201 as in Stack (a token is issued for the caller).
    return c.json({ access_token: token }, 201);
  };
  app.post("/connected-accounts/:user_id/:provider/access-token", projectAuth(deps), (c) => accessToken(c, undefined));
  app.post("/connected-accounts/:user_id/:provider/:provider_account_id/access-token", projectAuth(deps), (c) =>
    accessToken(c, c.req.param("provider_account_id")),
  );
}
