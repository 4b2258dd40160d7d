import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { OpenedEmail, ResentEmail, SentEmail, SentEmailListItem } from "../../../contract/auth-emails.ts";
import { authMailOutboxTable } from "../../../db/schema/index.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import { FORGOTTEN_BODY } from "../../mail/mailer.ts";
import { LIMITS } from "../../policy/rate-limit.ts";
import { readQuery } from "../../wire/headers.ts";

/** Newest first; the admin area shows recent mails, not the whole history. */
const LIMIT = 200;

/** `include_status=true` adds our delivery state (the admin area shows it; Stack's list has none). */
const listQuery = z.object({ include_status: z.enum(["true", "false"]).optional() });

type OutboxRow = typeof authMailOutboxTable.$inferSelect;

/** A kept mail's link (verification, reset, sign-in, invitation): the first web address in its text. */
export function linkOf(text: string): string | null {
  return text.match(/https?:\/\/[^\s<>"']+/)?.[0] ?? null;
}

/** A delivered or given-up mail keeps recipient, subject and status only (see Mailer). */
const bodyKept = (row: OutboxRow) => row.text !== FORGOTTEN_BODY.text || row.html !== FORGOTTEN_BODY.html;

function summary(row: OutboxRow): Omit<SentEmail, "status" | "body_kept"> {
  return {
    id: row.id,
    subject: row.subject,
    to: [row.to],
    sent_at_millis: (row.sentAt ?? row.createdAt).getTime(),
    error: row.status === "sent" || row.status === "logged" ? null : row.lastError,
  };
}

/**
 * The project's sent mails from the outbox: what was sent, and for a failed or retrying mail the
 * last delivery error; pending mails have no sent time yet and carry the time they were queued.
 * One mail opens with its text, HTML and link while the outbox keeps its body (a mail no SMTP
 * server took, or one still waiting), and such a mail can be sent again as a new outbox entry.
 */
export function registerInternalEmails(app: AuthApp, deps: AuthDeps): void {
  const mailOf = async (projectId: string, id: string): Promise<OutboxRow> => {
    const [row] = z.uuid().safeParse(id).success
      ? await deps.ctx.store.db
          .select()
          .from(authMailOutboxTable)
          .where(and(eq(authMailOutboxTable.projectId, projectId), eq(authMailOutboxTable.id, id)))
      : [];
    if (!row) throw new StatusError("EMAIL_NOT_FOUND", "No mail of this project has this id.");
    return row;
  };

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
      items: rows.map(
        (row): SentEmailListItem => ({
          ...summary(row),
          ...(withStatus ? { status: row.status, body_kept: bodyKept(row) } : {}),
        }),
      ),
      is_paginated: false,
    });
  });

  app.get("/internal/emails/:id", projectAuth(deps, ["admin"]), async (c) => {
    const row = await mailOf(c.get("auth").project.id, c.req.param("id"));
    const kept = bodyKept(row);
    // The body holds credentials (its link): never cached on the way.
    c.header("Cache-Control", "no-store");
    const opened: OpenedEmail = {
      ...summary(row),
      status: row.status,
      body_kept: kept,
      text: kept ? row.text : null,
      html: kept ? row.html : null,
      link: kept ? linkOf(row.text) : null,
    };
    return c.json(opened);
  });

  app.post("/internal/emails/:id/resend", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const row = await mailOf(project.id, c.req.param("id"));
    if (!bodyKept(row)) {
      throw new StatusError("EMAIL_BODY_NOT_KEPT", "This mail's body is not kept any more; it cannot be sent again.");
    }
    // As any mail asked for an address: per client address, and per address and recipient.
    await deps.limits.perIp(c, "outbox-resend", LIMITS.codeSendPerIp);
    await deps.limits.mailTo(c, project.id, "outbox-resend", row.to);
    const queued = await deps.mailer.send({
      projectId: project.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      link: linkOf(row.text) ?? "",
    });
    const resent: ResentEmail = { success: true, id: queued };
    return c.json(resent);
  });
}
