import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { renderClientTeam, renderServerTeam } from "../../render/teams.ts";
import { imageInput } from "../../stores/images.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { clientTeamCreate, serverTeamCreate, toTeamChanges } from "./team-changes.ts";

const query = z.object({ user_id: z.string().max(64).optional() });

export function registerTeams(app: AuthApp, deps: AuthDeps): void {
  /** A client lists only its own teams (user_id=me); the server lists all or one user's. */
  app.get("/teams", projectAuth(deps), async (c) => {
    const { user_id } = readQuery(c, query);
    const { type, project } = c.get("auth");
    if (type === "client") {
      const own = c.get("auth").user;
      if (!user_id || (user_id !== "me" && user_id !== own?.id)) {
        throw new StatusError(
          "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
          'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user',
        );
      }
      const user = await targetUser(c, deps, user_id);
      const teams = await deps.teams.listOfUser(project.id, user.id);
      return c.json({ items: teams.map(renderClientTeam), is_paginated: false });
    }
    const teams = user_id
      ? await deps.teams.listOfUser(project.id, (await targetUser(c, deps, user_id)).id)
      : await deps.teams.list(project.id);
    return c.json({ items: teams.map(renderServerTeam), is_paginated: false });
  });

  /** The creator becomes a member with the project's team_creator_default_permissions. */
  app.post("/teams", projectAuth(deps), async (c) => {
    const { type, project } = c.get("auth");
    const isClient = type === "client";
    const input = await readBody(c, isClient ? clientTeamCreate : serverTeamCreate);
    if (isClient) {
      const user = c.get("auth").user;
      if (!user) throw KnownErrors.userAuthenticationRequired();
      if (!project.config.client_team_creation_enabled) {
        throw new StatusError("CLIENT_TEAM_CREATION_DISABLED", "Client team creation is disabled for this project");
      }
      if (input.creator_user_id !== "me" && input.creator_user_id !== user.id) {
        throw new StatusError(
          "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
          "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
        );
      }
    }
    const creator = input.creator_user_id ? await targetUser(c, deps, input.creator_user_id) : null;
    const permissions = project.config.team_creator_default_permissions.map((p) => p.id);
    const team = await deps.teams.create(
      project.id,
      {
        ...toTeamChanges(input),
        profileImageUrl: await imageInput(deps, c.get("auth"), input.profile_image_url),
        displayName: input.display_name,
      },
      creator && { userId: creator.id, permissions },
    );
    return c.json(isClient ? renderClientTeam(team) : renderServerTeam(team), 201);
  });
}
