import { projectAuth } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { renderServerUser } from "../../render/users.ts";
import { imageInput } from "../../stores/images.ts";
import { readBody } from "../../wire/headers.ts";
import { checkPrimaryEmailFlags, serverUserUpdate, toUserChanges } from "./user-changes.ts";

const SERVER = ["server", "admin"] as const;

export function registerUserById(app: AuthApp, deps: AuthDeps): void {
  app.get("/users/:userId", projectAuth(deps, SERVER), async (c) => {
    const user = await targetUser(c, deps, c.req.param("userId"));
    return c.json(renderServerUser(user));
  });

  app.patch("/users/:userId", projectAuth(deps, SERVER), async (c) => {
    const user = await targetUser(c, deps, c.req.param("userId"));
    const input = await readBody(c, serverUserUpdate);
    checkPrimaryEmailFlags(input, user.primaryEmail);
    const changes = toUserChanges(input);
    changes.profileImageUrl = await imageInput(deps, c.get("auth"), changes.profileImageUrl);
    return c.json(renderServerUser(await deps.users.update(user.projectId, user.id, changes)));
  });

  app.delete("/users/:userId", projectAuth(deps, SERVER), async (c) => {
    const user = await targetUser(c, deps, c.req.param("userId"));
    if (!(await deps.users.delete(user.projectId, user.id))) throw KnownErrors.userNotFound();
    return c.json({ success: true });
  });
}
