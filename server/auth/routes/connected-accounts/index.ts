import type { Context } from "hono";
import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { refuseOtherUserForClient, targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { renderConnectedAccount } from "../../social/connected-accounts.ts";
import { projectProvider } from "../../social/project-providers.ts";
import { parseScopes } from "../../social/provider-tokens.ts";
import { checkParamsAndQuery, readBody } from "../../wire/headers.ts";

const tokenBody = z.strictObject({ scope: z.string().max(1000).optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Stack's userIdOrMeSchema: anything but `me` or a UUID is a schema error (`params.user_id must be a valid UUID`).
const userParams = z.looseObject({
  user_id: z.string().refine((id) => id === "me" || UUID.test(id), { message: "must be a valid UUID" }),
});

/**
 * The user a connected-accounts path names, with Stack's answers: a malformed id is a schema
 * error; a client naming another user a plain 403 (its text differs per endpoint).
 */
async function pathUser(c: Context<AuthEnv>, deps: AuthDeps, othersText: string) {
  checkParamsAndQuery(c, userParams, z.looseObject({}));
  const userId = c.req.param("user_id");
  const { type, user } = c.get("auth");
  if (type === "client" && userId !== "me" && !user) throw KnownErrors.cannotGetOwnUserWithoutUser();
  refuseOtherUserForClient(c, userId, othersText);
  return targetUser(c, deps, userId);
}

/**
 * Connected accounts: the social accounts behind a user, and access tokens to call the provider's
 * API with. A client asks for its own (`me`); server access for any user.
 */
export function registerConnectedAccounts(app: AuthApp, deps: AuthDeps): void {
  app.get("/connected-accounts/:user_id", projectAuth(deps), async (c) => {
    const user = await pathUser(c, deps, "Client can only list connected accounts for their own user.");
    const accounts = await deps.connectedAccounts.list(user.projectId, user.id);
    return c.json({ items: accounts.map(renderConnectedAccount), is_paginated: false });
  });

  const accessToken = async (c: Context<AuthEnv>, accountId: string | undefined) => {
    const { scope } = await readBody(c, tokenBody);
    const user = await pathUser(c, deps, "Client can only access its own connected accounts");
    const providerId = c.req.param("provider") ?? "";
    const { project } = c.get("auth");
    // A provider the project does not configure is named as such (Stack), before any account is looked at.
    if (!project.config.oauth_providers.some((p) => p.id === providerId)) {
      throw KnownErrors.oauthProviderNotFoundOrNotEnabled();
    }
    const token = await deps.connectedAccounts.accessToken(
      user.projectId,
      user.id,
      (await projectProvider(deps, project, providerId)) ?? undefined,
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
