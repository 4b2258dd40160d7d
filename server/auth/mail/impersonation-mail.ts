import type { Locale } from "../../lib/request-locale.ts";
import { escapeHtml } from "./email-templates.ts";
import { emailThemeOf, themedHtml } from "./email-themes.ts";
import type { MailMessage } from "./mailer.ts";

type MailProject = { id: string; displayName: string; config?: { email_theme?: string } };

export interface ImpersonationNotice {
  /** The operator's e-mail, or null when the caller did not say who it is. */
  operator: string | null;
  expiresAt: Date;
}

const TEXTS: Record<
  Locale,
  {
    subject: (project: string) => string;
    heading: string;
    paragraphs: (project: string, operator: string, until: string) => string[];
    someone: string;
  }
> = {
  en: {
    subject: (project) => `An operator of ${project} opened your account`,
    heading: "An operator opened your account",
    someone: "An operator",
    paragraphs: (project, operator, until) => [
      `${operator} of ${project} started a session as you (an impersonation), for example to look into a problem you reported. Everything done in it is recorded with both names.`,
      `The session ends at the latest at ${until} (UTC). It is listed among your sessions on your account page, marked "Impersonation", where you can also end it.`,
      "If you did not expect this, contact the operators of this instance.",
    ],
  },
  de: {
    subject: (project) => `Ein Betreiber von ${project} hat Ihr Konto geöffnet`,
    heading: "Ein Betreiber hat Ihr Konto geöffnet",
    someone: "Ein Betreiber",
    paragraphs: (project, operator, until) => [
      `${operator} (${project}) hat eine Sitzung als Sie gestartet (Identitätsübernahme), etwa um einem gemeldeten Problem nachzugehen. Alles, was darin geschieht, wird mit beiden Namen protokolliert.`,
      `Die Sitzung endet spätestens am ${until} (UTC). Sie steht in der Liste Ihrer Sitzungen auf Ihrer Kontoseite, markiert als „Identitätsübernahme“; dort können Sie sie auch beenden.`,
      "Falls Sie das nicht erwartet haben, wenden Sie sich an die Betreiber dieser Instanz.",
    ],
  },
};

/** "2026-12-06 23:30": the end of the session in UTC, readable in both languages. */
const utcMinute = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

/**
 * The notice to a user that an operator opened a session as them (server/auth/routes/auth/sessions),
 * in the language of the user's latest sign-in. It carries no link: nothing in it is a credential.
 */
export function impersonationNoticeMail(
  project: MailProject,
  to: string,
  notice: ImpersonationNotice,
  locale: Locale,
): MailMessage {
  const texts = TEXTS[locale];
  const paragraphs = texts.paragraphs(
    project.displayName,
    notice.operator ?? texts.someone,
    utcMinute(notice.expiresAt),
  );
  return {
    projectId: project.id,
    to,
    subject: texts.subject(project.displayName).replace(/[\r\n]+/g, " "),
    text: `${texts.heading}\n\n${paragraphs.join("\n\n")}\n`,
    html: themedHtml(
      `<h2>${escapeHtml(texts.heading)}</h2>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}`,
      emailThemeOf(project.config?.email_theme),
    ),
    link: "",
  };
}
