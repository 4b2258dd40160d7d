import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { projectAuth } from "../../project-auth.ts";
import { personalTeamOf } from "../../teams/teams.ts";
import { serverUserFields, toUserChanges } from "../../user-changes.ts";
import { renderServerUser } from "../../users.ts";
import { readBody, readQuery } from "../../wire.ts";

const listQuery = z.object({
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  desc: z.enum(["true", "false"]).optional(),
  order_by: z.enum(["signed_up_at"]).optional(),
  query: z.string().max(200).optional(),
  team_id: z.uuid().optional(),
});

export function registerUsers(app: AuthApp, deps: AuthDeps): void {
  app.post("/users", projectAuth(deps, ["server", "admin"]), async (c) => {
    const input = await readBody(c, serverUserFields);
    const { project } = c.get("auth");
    const user = await deps.users.create(project.id, toUserChanges(input), personalTeamOf(project.config));
    return c.json(renderServerUser(user), 201);
  });

  app.get("/users", projectAuth(deps, ["server", "admin"]), async (c) => {
    const query = readQuery(c, listQuery);
    const limit = query.limit ?? 100;
    const page = await deps.users.list(c.get("auth").project.id, {
      cursor: query.cursor,
      limit,
      desc: query.desc === "true",
      query: query.query,
      teamId: query.team_id,
    });
    return c.json({
      items: page.items.map(renderServerUser),
      is_paginated: true,
      pagination: { next_cursor: page.nextCursor },
    });
  });
}
