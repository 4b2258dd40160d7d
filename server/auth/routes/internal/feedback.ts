import { z } from "zod";
import { optionalProjectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps, RequestAuth } from "../../auth-env.ts";
import { escapeHtml } from "../../mail/email-templates.ts";
import { LIMITS } from "../../policy/rate-limit.ts";
import { INTERNAL_PROJECT_ID } from "../../stores/projects.ts";
import { readBody } from "../../wire/headers.ts";

const feedbackBody = z
  .object({
    name: z.string().trim().max(200).optional(),
    email: z.email().max(254),
    message: z.string().trim().min(1).max(10_000),
    feedback_type: z.enum(["feedback", "bug"]).default("feedback"),
  })
  .strict();

const SUBJECT_LABEL = { feedback: "Support", bug: "Bug Report" } as const;

/**
 * Feedback and bug reports (Stack's dashboard form and dev tool): `POST /internal/feedback`, with or
 * without a signed-in caller. Each operator address in ADMIN_EMAILS gets it through the mail outbox
 * (so from the operator's SMTP server, retried like every mail); with no operator address it is kept
 * in the `internal` project's outbox, where operators read it under E-mails. Rate-limited per
 * client address; the message is never written to the log.
 */
export function registerInternalFeedback(app: AuthApp, deps: AuthDeps): void {
  app.post(
    "/internal/feedback",
    async (c, next) => {
      await deps.limits.perIp(c, "feedback", LIMITS.feedbackPerIp);
      await next();
    },
    // Anyone may write; a caller who sends project headers is named in the mail as the signed-in
    // user it proved to be.
    optionalProjectAuth(deps),
    async (c) => {
      const input = await readBody(c, feedbackBody);
      // Unset when the caller sent no project headers.
      const auth: RequestAuth | undefined = c.get("auth");
      const subject = `[${SUBJECT_LABEL[input.feedback_type]}] ${input.email}`;
      const lines: Array<[string, string]> = [
        ["Type", input.feedback_type === "bug" ? "Bug report" : "Feedback"],
        ["Name", input.name || "(not given)"],
        ["E-mail", input.email],
        ["Signed-in user", auth?.user ? auth.user.id : "(none)"],
        ["Project", auth?.project.id ?? "(none)"],
      ];
      const text = `${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${input.message}\n`;
      const html =
        `<table>${lines.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>` +
        `<p>${escapeHtml(input.message).replace(/\n/g, "<br>")}</p>`;
      const recipients = deps.config.ADMIN_EMAILS;
      const base = { projectId: INTERNAL_PROJECT_ID, subject, text, html, link: "" };
      if (recipients.length === 0)
        await deps.mailer.send({ ...base, to: "(no operator address: ADMIN_EMAILS)", hold: true });
      for (const to of recipients) await deps.mailer.send({ ...base, to });
      return c.json({ success: true });
    },
  );
}
