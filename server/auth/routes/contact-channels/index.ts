import { z } from "zod";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { renderContactChannel } from "../../contact-channels.ts";
import { projectAuth } from "../../project-auth.ts";
import { targetUser } from "../../user-target.ts";
import { readQuery } from "../../wire.ts";

const query = z.object({ user_id: z.string().max(64).optional() });

export function registerContactChannels(app: AuthApp, deps: AuthDeps): void {
  app.get("/contact-channels", projectAuth(deps), async (c) => {
    const user = await targetUser(c, deps, readQuery(c, query).user_id);
    const channels = await deps.channels.list(user.projectId, user.id);
    return c.json({ items: channels.map(renderContactChannel), is_paginated: false });
  });
}
