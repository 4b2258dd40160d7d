import { desc, eq } from "drizzle-orm";
import { authMailOutboxTable } from "../../../db/schema/index.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { projectAuth } from "../../project-auth.ts";

/** Newest first; the admin area shows recent mails, not the whole history. */
const LIMIT = 200;

/**
 * The project's sent mails from the outbox: what was sent, and for a failed or retrying mail the
 * last delivery error. `status` is ours (the SDK ignores it); pending mails have no sent time yet.
 */
export function registerInternalEmails(app: AuthApp, deps: AuthDeps): void {
  app.get("/internal/emails", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
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
        status: row.status,
      })),
    });
  });
}
