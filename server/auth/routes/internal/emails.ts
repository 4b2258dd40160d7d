import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { authMailOutboxTable } from "../../../db/schema/index.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { readQuery } from "../../wire/headers.ts";

/** Newest first; the admin area shows recent mails, not the whole history. */
const LIMIT = 200;

/** `include_status=true` adds our delivery state (the admin area shows it; Stack's list has none). */
const listQuery = z.object({ include_status: z.enum(["true", "false"]).optional() });

/**
 * The project's sent mails from the outbox: what was sent, and for a failed or retrying mail the
 * last delivery error; pending mails have no sent time yet and carry the time they were queued.
 */
export function registerInternalEmails(app: AuthApp, deps: AuthDeps): void {
  app.get("/internal/emails", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const withStatus = readQuery(c, listQuery).include_status === "true";
    const rows = await deps.ctx.store.db
      .select()
      .from(authMailOutboxTable)
      .where(eq(authMailOutboxTable.projectId, project.id))
      .orderBy(desc(authMailOutboxTable.createdAt))
      .limit(LIMIT);
    return c.json({
      items: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        to: [row.to],
        sent_at_millis: (row.sentAt ?? row.createdAt).getTime(),
        error: row.status === "sent" || row.status === "logged" ? null : row.lastError,
        ...(withStatus ? { status: row.status } : {}),
      })),
      is_paginated: false,
    });
  });
}
