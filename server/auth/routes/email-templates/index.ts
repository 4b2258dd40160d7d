import { z } from "zod";
import type { EmailTemplateAnswer, RenderedEmail } from "../../../contract/auth-emails.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import {
  EMAIL_TEMPLATE_TYPES,
  type EmailTemplate,
  EmailTemplateStore,
  type EmailTemplateType,
  renderEmailTemplate,
} from "../../mail/email-templates.ts";
import { readBody } from "../../wire/headers.ts";

const templateType = z.enum(EMAIL_TEMPLATE_TYPES);
const subject = z.string().trim().min(1).max(500);
const content = z.string().min(1).max(20_000);

const createBody = z.object({ type: templateType, subject, content }).strict();
const previewBody = z.object({ type: templateType, subject: subject.optional(), content: content.optional() }).strict();
const updateBody = z.object({ subject, content }).partial().strict();

function parseType(raw: string): EmailTemplateType {
  const type = templateType.safeParse(raw);
  if (!type.success) throw new StatusError("EMAIL_TEMPLATE_NOT_FOUND", "Email template not found.");
  return type.data;
}

const render = (t: EmailTemplate & { type: EmailTemplateType; isDefault: boolean }): EmailTemplateAnswer => ({
  type: t.type,
  subject: t.subject,
  content: t.content,
  is_default: t.isDefault,
});

/**
 * The project's e-mail templates, addressed by type (Stack's older CRUD): a template with
 * is_default true is the built-in one; DELETE resets an edited template to it.
 */
export function registerEmailTemplates(app: AuthApp, deps: AuthDeps): void {
  const admin = projectAuth(deps, ["admin"]);
  const templates = () => new EmailTemplateStore(deps.ctx.store);

  app.get("/email-templates", admin, async (c) => {
    const { project } = c.get("auth");
    return c.json({ items: (await templates().list(project.id)).map(render), is_paginated: false });
  });

  app.post("/email-templates", admin, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, createBody);
    await templates().create(project.id, body.type, { subject: body.subject, content: body.content });
    return c.json(render(await templates().get(project.id, body.type)), 201);
  });

  app.get("/email-templates/:type", admin, async (c) => {
    const { project } = c.get("auth");
    return c.json(render(await templates().get(project.id, parseType(c.req.param("type")))));
  });

  app.patch("/email-templates/:type", admin, async (c) => {
    const { project } = c.get("auth");
    const type = parseType(c.req.param("type"));
    const body = await readBody(c, updateBody);
    await templates().update(project.id, type, body);
    return c.json(render(await templates().get(project.id, type)));
  });

  app.delete("/email-templates/:type", admin, async (c) => {
    const { project } = c.get("auth");
    const type = parseType(c.req.param("type"));
    if (!(await templates().reset(project.id, type)))
      throw new StatusError("EMAIL_TEMPLATE_NOT_FOUND", "Email template is already the default.");
    return c.json({ success: true });
  });

  // The admin area's preview: a template (the stored one, or the unsaved edit in the body) filled
  // with example values, rendered exactly as a mail would be.
  app.post("/internal/email-templates/preview", admin, async (c) => {
    const { project } = c.get("auth");
    const body = await readBody(c, previewBody);
    const stored = await templates().get(project.id, body.type);
    const rendered: RenderedEmail = renderEmailTemplate(
      { subject: body.subject ?? stored.subject, content: body.content ?? stored.content },
      {
        projectDisplayName: project.displayName,
        email: "jane.doe@example.com",
        userDisplayName: "Jane Doe",
        teamDisplayName: "Example Team",
        inviterDisplayName: "John Roe",
        link: `${deps.ctx.publicUrl()}/handler/example?code=example`,
        otp: "482913",
      },
    );
    return c.json(rendered);
  });

  // The current SDK's listEmailTemplates reads this shape; our templates are text, not TSX, so
  // tsx_source carries the content and there are no themes.
  app.get("/internal/email-templates", admin, async (c) => {
    const { project } = c.get("auth");
    const list = await templates().list(project.id);
    return c.json({
      templates: list.map((t) => ({
        id: t.type,
        display_name: DISPLAY_NAMES[t.type],
        theme_id: null,
        tsx_source: t.content,
        subject: t.subject,
        is_default: t.isDefault,
      })),
    });
  });
}

const DISPLAY_NAMES: Record<EmailTemplateType, string> = {
  email_verification: "Email Verification",
  password_reset: "Password Reset",
  magic_link: "Magic Link/OTP",
  team_invitation: "Team Invitation",
};
