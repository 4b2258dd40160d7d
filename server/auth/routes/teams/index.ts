import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { projectAuth } from "../../project-auth.ts";
import { targetUser } from "../../user-target.ts";
import { readQuery } from "../../wire.ts";

const query = z.object({ user_id: z.string().max(64).optional() });

/**
 * This server has no teams (users carry selected_team: null). The list still answers, so that
 * SDK calls such as user.listTeams() get an empty list instead of an error.
 */
export function registerTeams(app: AuthApp, deps: AuthDeps): void {
  app.get("/teams", projectAuth(deps), async (c) => {
    const { user_id } = readQuery(c, query);
    if (user_id || c.get("auth").type === "client") await targetUser(c, deps, user_id);
    return c.json({ items: [], is_paginated: false });
  });
}
