import type { Context } from "hono";
import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { refuseOtherUserForClient, targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { renderContactChannel } from "../../render/contact-channels.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { emailSchema } from "../../wire/schemas.ts";

const query = z.object({ user_id: z.string().max(64).optional() });
const clientFields = {
  value: emailSchema,
  used_for_auth: z.boolean(),
  is_primary: z.boolean().optional(),
};
const createBody = z.strictObject({
  user_id: z.string().max(64),
  type: z.literal("email"),
  ...clientFields,
  is_verified: z.boolean().optional(),
});
const updateBody = z.strictObject({
  value: clientFields.value.optional(),
  used_for_auth: clientFields.used_for_auth.optional(),
  is_primary: clientFields.is_primary,
  is_verified: z.boolean().optional(),
});

/** Only server access may set is_verified; a client proves an address with a code. */
function refuseClientVerification(c: Context<AuthEnv>, isVerified: boolean | undefined): void {
  if (isVerified !== undefined && c.get("auth").type === "client") {
    throw new StatusError(
      "CLIENT_CANNOT_SET_VERIFIED",
      "Clients cannot set is_verified; send a verification code instead.",
    );
  }
}

export function registerContactChannels(app: AuthApp, deps: AuthDeps): void {
  /**
   * The addressed channel of the user. Stack answers an unknown one 404 when it is read and 400
   * when it is to be changed or deleted (its lookup before a write is a bad request), with its
   * own wording for each; the codes keep that apart.
   */
  const channelOf = async (c: Context<AuthEnv>, purpose: "read" | "change" = "read") => {
    const user = await targetUser(c, deps, c.req.param("userId"));
    const id = c.req.param("channelId") ?? "";
    const channel = z.uuid().safeParse(id).success ? await deps.channels.get(user.projectId, user.id, id) : null;
    if (!channel && purpose === "change") {
      throw new StatusError("CONTACT_CHANNEL_TO_CHANGE_NOT_FOUND", "Contact channel not found");
    }
    if (!channel) throw new StatusError("CONTACT_CHANNEL_NOT_FOUND", "Contact channel not found.");
    return channel;
  };

  app.get("/contact-channels", projectAuth(deps), async (c) => {
    const userId = readQuery(c, query).user_id;
    if (userId) refuseOtherUserForClient(c, userId, "Client can only list contact channels for their own user.");
    const user = await targetUser(c, deps, userId);
    const channels = await deps.channels.list(user.projectId, user.id);
    return c.json({ items: channels.map(renderContactChannel), is_paginated: false });
  });

  app.post("/contact-channels", projectAuth(deps), async (c) => {
    const input = await readBody(c, createBody);
    refuseClientVerification(c, input.is_verified);
    refuseOtherUserForClient(c, input.user_id, "Client can only create contact channels for their own user.");
    const user = await targetUser(c, deps, input.user_id);
    const channel = await deps.channels.create(user.projectId, user.id, {
      value: input.value,
      usedForAuth: input.used_for_auth,
      isPrimary: input.is_primary,
      isVerified: input.is_verified,
    });
    await deps.users.changed(user.id);
    return c.json(renderContactChannel(channel), 201);
  });

  app.get("/contact-channels/:userId/:channelId", projectAuth(deps), async (c) =>
    c.json(renderContactChannel(await channelOf(c))),
  );

  app.patch("/contact-channels/:userId/:channelId", projectAuth(deps), async (c) => {
    const input = await readBody(c, updateBody);
    refuseClientVerification(c, input.is_verified);
    const channel = await channelOf(c, "change");
    const updated = await deps.channels.update(channel, {
      value: input.value,
      usedForAuth: input.used_for_auth,
      isPrimary: input.is_primary,
      isVerified: input.is_verified,
    });
    await deps.users.changed(channel.userId);
    return c.json(renderContactChannel(updated));
  });

  app.delete("/contact-channels/:userId/:channelId", projectAuth(deps), async (c) => {
    const channel = await channelOf(c, "change");
    await deps.channels.delete(channel);
    await deps.users.changed(channel.userId);
    return c.json({ success: true });
  });
}
