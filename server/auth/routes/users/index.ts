import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { renderServerUser } from "../../render/users.ts";
import { imageInput } from "../../stores/images.ts";
import { personalTeamOf } from "../../stores/teams.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { checkNewUser, serverUserCreate, toUserChanges } from "./user-changes.ts";

const listQuery = z.object({
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  desc: z.enum(["true", "false"]).optional(),
  order_by: z.enum(["signed_up_at"]).optional(),
  query: z.string().max(200).optional(),
  team_id: z.uuid().optional(),
  include_anonymous: z.enum(["true", "false"]).optional(),
  only_anonymous: z.enum(["true", "false"]).optional(),
  include_restricted: z.enum(["true", "false"]).optional(),
});

export function registerUsers(app: AuthApp, deps: AuthDeps): void {
  app.post("/users", projectAuth(deps, ["server", "admin"]), async (c) => {
    const input = await readBody(c, serverUserCreate);
    const { project } = c.get("auth");
    checkNewUser(input);
    const changes = toUserChanges(input);
    changes.profileImageUrl = await imageInput(deps, c.get("auth"), changes.profileImageUrl);
    const user = await deps.users.create(project.id, changes);
    // As on Stack's server, the personal team follows the creation, so the answer has none yet.
    const personalTeam = personalTeamOf(project.config);
    if (personalTeam) await deps.users.addPersonalTeam(project.id, user, personalTeam);
    return c.json(renderServerUser(user), 201);
  });

  app.get("/users", projectAuth(deps, ["server", "admin"]), async (c) => {
    const query = readQuery(c, listQuery);
    if (query.only_anonymous === "true" && query.include_anonymous !== "true") {
      throw KnownErrors.schemaError("only_anonymous=true needs include_anonymous=true as well.");
    }
    const limit = query.limit ?? 100;
    const page = await deps.users.list(c.get("auth").project.id, {
      cursor: query.cursor,
      limit,
      desc: query.desc === "true",
      query: query.query,
      teamId: query.team_id,
      anonymous: query.only_anonymous === "true" ? "only" : query.include_anonymous === "true" ? "include" : "exclude",
      // Anonymous users are restricted too: asking for them asks for every restricted user.
      includeRestricted: query.include_restricted === "true" || query.include_anonymous === "true",
      requireEmailVerification: c.get("auth").project.config.require_email_verification,
    });
    return c.json({
      items: page.items.map(renderServerUser),
      is_paginated: true,
      pagination: { next_cursor: page.nextCursor },
    });
  });
}
