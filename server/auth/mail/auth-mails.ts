import type { Store } from "../../db/store.ts";
import type { Locale } from "../../lib/request-locale.ts";
import { EmailTemplateStore, type EmailTemplateType, escapeHtml, type TemplateVariables } from "./email-templates.ts";
import { emailThemeOf, themedHtml } from "./email-themes.ts";
import type { MailMessage } from "./mailer.ts";

function withCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("code", code);
  return url.toString();
}

type MailProject = { id: string; displayName: string; config?: { email_theme?: string } };

/**
 * Builds a mail of one template type from the project's template (its own edit or the default).
 * Every mail builder goes through here, so other flows (magic link, team invitation) plug in by
 * passing their type and variables.
 */
export async function templatedMail(
  store: Store,
  project: MailProject,
  type: EmailTemplateType,
  to: string,
  vars: Omit<TemplateVariables, "projectDisplayName" | "email">,
  /** The recipient's language: the defaults are written in it (a project's own edit is used as it is). */
  locale: Locale = "en",
): Promise<MailMessage> {
  const rendered = await new EmailTemplateStore(store).render(
    project.id,
    type,
    {
      ...vars,
      projectDisplayName: project.displayName,
      email: to,
    },
    emailThemeOf(project.config?.email_theme),
    locale,
  );
  return { projectId: project.id, to, link: vars.link, ...rendered };
}

export function verificationMail(
  store: Store,
  project: MailProject,
  to: string,
  callbackUrl: string,
  code: string,
  locale: Locale,
) {
  return templatedMail(store, project, "email_verification", to, { link: withCode(callbackUrl, code) }, locale);
}

export function passwordResetMail(
  store: Store,
  project: MailProject,
  to: string,
  callbackUrl: string,
  code: string,
  locale: Locale,
) {
  return templatedMail(store, project, "password_reset", to, { link: withCode(callbackUrl, code) }, locale);
}

/** The sign-in mail: the six characters to type on the page that sent it, and a link that signs in directly. */
export function signInCodeMail(
  store: Store,
  project: MailProject,
  to: string,
  callbackUrl: string,
  code: string,
  typedCode: string,
  locale: Locale,
) {
  return templatedMail(store, project, "magic_link", to, { link: withCode(callbackUrl, code), otp: typedCode }, locale);
}

/**
 * The notice that a leaked API key was revoked by a secret scanner (credential-scanning revoke):
 * subject `API Key Revoked: <description>` as Stack words it; the description is escaped in HTML.
 */
export function apiKeyRevokedMail(
  project: MailProject,
  to: string,
  description: string,
  theme = emailThemeOf(project.config?.email_theme),
): MailMessage {
  const paragraphs = [
    `The API key "${description}" of ${project.displayName} was revoked automatically: it was reported as found in a public place, such as a public repository.`,
    "Revoking it protects your account from whoever found it. Requests that use this key now fail.",
    "If you still need an API key, create a new one and keep it out of public code.",
  ];
  return {
    projectId: project.id,
    to,
    subject: `API Key Revoked: ${description.replace(/[\r\n]+/g, " ")}`,
    text: `API key revoked\n\n${paragraphs.join("\n\n")}\n`,
    html: themedHtml(`<h2>API key revoked</h2>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}`, theme),
    link: "",
  };
}
