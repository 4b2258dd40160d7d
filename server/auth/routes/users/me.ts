import { projectAuth, requireUser } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { renderClientUser, renderServerUser } from "../../render/users.ts";
import { imageInput } from "../../stores/images.ts";
import { readBody } from "../../wire/headers.ts";
import { checkPrimaryEmailFlags, clientUserUpdate, serverUserUpdate, toUserChanges } from "./user-changes.ts";

export function registerUsersMe(app: AuthApp, deps: AuthDeps): void {
  app.get("/users/me", projectAuth(deps), async (c) => {
    const { user } = requireUser(c);
    return c.json(c.get("auth").type === "client" ? renderClientUser(user) : renderServerUser(user));
  });

  app.patch("/users/me", projectAuth(deps), async (c) => {
    const { user } = requireUser(c);
    const isClient = c.get("auth").type === "client";
    const input = await readBody(c, isClient ? clientUserUpdate : serverUserUpdate);
    checkPrimaryEmailFlags(input, user.primaryEmail);
    const changes = toUserChanges(input);
    changes.profileImageUrl = await imageInput(deps, c.get("auth"), changes.profileImageUrl);
    const updated = await deps.users.update(user.projectId, user.id, changes);
    return c.json(isClient ? renderClientUser(updated) : renderServerUser(updated));
  });

  app.delete("/users/me", projectAuth(deps), async (c) => {
    const { user } = requireUser(c);
    const { type, project } = c.get("auth");
    if (type === "client" && !project.config.client_user_deletion_enabled) {
      throw new StatusError("CLIENT_USER_DELETION_DISABLED", "Client user deletion is not enabled for this project");
    }
    await deps.users.delete(user.projectId, user.id);
    return c.json({ success: true });
  });
}
