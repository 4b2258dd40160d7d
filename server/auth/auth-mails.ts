import type { MailMessage } from "./mailer.ts";

function withCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("code", code);
  return url.toString();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

function mail(
  projectId: string,
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
): MailMessage {
  return {
    projectId,
    to,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  };
}

export function verificationMail(
  project: { id: string; displayName: string },
  to: string,
  callbackUrl: string,
  code: string,
) {
  return mail(
    project.id,
    to,
    `Verify your email at ${project.displayName}`,
    `Please confirm that ${to} is your e-mail address for ${project.displayName}.`,
    "Verify my e-mail",
    withCode(callbackUrl, code),
  );
}

export function passwordResetMail(
  project: { id: string; displayName: string },
  to: string,
  callbackUrl: string,
  code: string,
) {
  return mail(
    project.id,
    to,
    `Reset your password at ${project.displayName}`,
    `Someone asked to reset the password of ${to} at ${project.displayName}.`,
    "Choose a new password",
    withCode(callbackUrl, code),
  );
}

/** The sign-in mail: the six characters to type on the page that sent it, and a link that signs in directly. */
export function signInCodeMail(
  project: { id: string; displayName: string },
  to: string,
  callbackUrl: string,
  code: string,
  typedCode: string,
) {
  const message = mail(
    project.id,
    to,
    `Sign in to ${project.displayName}: ${typedCode}`,
    `Your sign-in code for ${project.displayName} is ${typedCode}. It is valid for 10 minutes.`,
    "Sign in",
    withCode(callbackUrl, code),
  );
  return message;
}
