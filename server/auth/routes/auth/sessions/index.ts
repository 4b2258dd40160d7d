import { z } from "zod";
import type { SessionItem } from "../../../../contract/auth-sessions.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import { refuseOtherUserForClient, targetUser } from "../../../access/user-target.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { StatusError } from "../../../errors/status-error.ts";
import { issueSession } from "../../../sign-in/issue-session.ts";
import { REFRESH_TOKEN_LIFETIME_MS } from "../../../stores/sessions.ts";
import { readBody, readQuery } from "../../../wire/headers.ts";
import { userIdSchema } from "../../../wire/schemas.ts";
import { noticeImpersonation } from "./impersonation-notice.ts";

const MAX_SESSION_MS = 367 * 24 * 3600 * 1000;

const createBody = z.strictObject({
  user_id: userIdSchema,
  expires_in_millis: z.number().int().min(1).max(MAX_SESSION_MS).optional(),
  is_impersonation: z.boolean().optional(),
});
const userQuery = z.object({ user_id: z.string().max(64).optional() });
const listQuery = userQuery.extend({ include_origin: z.enum(["true", "false"]).optional() });

export function registerSessions(app: AuthApp, deps: AuthDeps): void {
  // Server-side session creation, e.g. for tests and impersonation.
  app.post("/auth/sessions", projectAuth(deps, ["server", "admin"]), async (c) => {
    const input = await readBody(c, createBody);
    const { project } = c.get("auth");
    const user = await deps.users.get(project.id, input.user_id);
    if (!user) throw KnownErrors.userIdDoesNotExist(input.user_id);
    const session = await issueSession(deps, user, {
      expiresInMillis: input.expires_in_millis,
      isImpersonation: input.is_impersonation,
    });
    if (input.is_impersonation && deps.config.IMPERSONATION_NOTICE && user.primaryEmail) {
      await noticeImpersonation(c, deps, user, Date.now() + (input.expires_in_millis ?? REFRESH_TOKEN_LIFETIME_MS));
    }
    return c.json({ access_token: session.access_token, refresh_token: session.refresh_token });
  });

  app.get("/auth/sessions", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    refuseOtherUserForClient(c, query.user_id, "Client can only list sessions for their own user.");
    if (!query.user_id && c.get("auth").type !== "client") {
      throw KnownErrors.schemaError(
        "Request validation failed on GET /api/v1/auth/sessions:\n  - query.user_id must be defined",
      );
    }
    const user = await targetUser(c, deps, query.user_id);
    const { claims } = c.get("auth");
    const currentId = claims?.refresh_token_id;
    // Unlike Stack, the user sees impersonations of their account too, marked, and may end them
    // (docs/stack-compat.md): what an operator does is visible.
    const sessions = await deps.sessions.listForUser(user.projectId, user.id);
    const items = sessions.map(
      (s): SessionItem => ({
        id: s.id,
        user_id: s.userId,
        created_at: s.createdAt.getTime(),
        is_impersonation: s.isImpersonation,
        last_used_at: s.lastUsedAt.getTime(),
        is_current_session: s.id === currentId,
        // Not in Stack's wire (its geo info needs the address, which is not kept), so only when
        // asked for: where the session started, for the account page's "Chrome on Linux".
        ...(query.include_origin === "true" ? { user_agent: s.userAgent, country_code: s.countryCode } : {}),
      }),
    );
    return c.json({ items, is_paginated: false });
  });

  app.delete("/auth/sessions/:id", projectAuth(deps), async (c) => {
    const query = readQuery(c, userQuery);
    const user = await targetUser(c, deps, query.user_id);
    const id = c.req.param("id");
    if (id === c.get("auth").claims?.refresh_token_id) throw KnownErrors.cannotDeleteCurrentSession();
    const deleted = z.uuid().safeParse(id).success && (await deps.sessions.revoke(user.projectId, user.id, id));
    if (!deleted) throw new StatusError("SESSION_NOT_FOUND", "Session not found.");
    return c.json({ success: true });
  });
}
