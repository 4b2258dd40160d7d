import { and, eq } from "drizzle-orm";
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from "../../contract/auth-emails.ts";
import { TEMPLATE_VARIABLE_NAMES, type TemplateVariableName } from "../../contract/email-templates.ts";
import { authEmailTemplatesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Locale } from "../../lib/request-locale.ts";
import { KnownErrors } from "../errors/known-errors.ts";
import { type EmailTheme, themedHtml } from "./email-themes.ts";

// The template types are the contract's: the admin area lists the same.
export { EMAIL_TEMPLATE_TYPES, type EmailTemplateType };

export interface EmailTemplate {
  subject: string;
  content: string;
}

/**
 * The values a template may use as {{name}} (server/contract/email-templates.ts); a mail builder
 * passes those its mail has. Every mail has its project, its recipient and its link.
 */
export type TemplateVariables = { [name in TemplateVariableName]?: string } & {
  projectDisplayName: string;
  email: string;
  link: string;
};

const IGNORE = "If you did not ask for this, you can ignore this e-mail.";
const IGNORE_DE = "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.";

/**
 * Plain text with {{variables}}; a paragraph that is only {{link}} becomes a button-like link in HTML.
 * The English ones are what Stack's template API lists and edits; a project's own edit replaces
 * both languages (it is written in one).
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, EmailTemplate> = {
  email_verification: {
    subject: "Verify your email at {{projectDisplayName}}",
    content: `Please confirm that {{email}} is your e-mail address for {{projectDisplayName}}.\n\n{{link}}\n\n${IGNORE}`,
  },
  password_reset: {
    subject: "Reset your password at {{projectDisplayName}}",
    content: `Someone asked to reset the password of {{email}} at {{projectDisplayName}}.\n\n{{link}}\n\n${IGNORE}`,
  },
  magic_link: {
    subject: "Sign in to {{projectDisplayName}}: Your code is {{otp}}",
    content: `Your sign-in code for {{projectDisplayName}}, valid for 10 minutes:\n\n{{otp}}\n\nOr use this link to sign in as {{email}}:\n\n{{link}}\n\n${IGNORE}`,
  },
  team_invitation: {
    subject: "An invitation to join {{teamDisplayName}} at {{projectDisplayName}}",
    content: `{{inviterDisplayName}} invited you to join the team {{teamDisplayName}} at {{projectDisplayName}}.\n\n{{link}}\n\n${IGNORE}`,
  },
};

/** The same defaults in German, for a recipient whose language is German (server/lib/request-locale.ts). */
const GERMAN_EMAIL_TEMPLATES: Record<EmailTemplateType, EmailTemplate> = {
  email_verification: {
    subject: "Bestätigen Sie Ihre E-Mail-Adresse bei {{projectDisplayName}}",
    content: `Bitte bestätigen Sie, dass {{email}} Ihre E-Mail-Adresse für {{projectDisplayName}} ist.\n\n{{link}}\n\n${IGNORE_DE}`,
  },
  password_reset: {
    subject: "Setzen Sie Ihr Passwort bei {{projectDisplayName}} zurück",
    content: `Jemand hat darum gebeten, das Passwort von {{email}} bei {{projectDisplayName}} zurückzusetzen.\n\n{{link}}\n\n${IGNORE_DE}`,
  },
  magic_link: {
    subject: "Anmeldung bei {{projectDisplayName}}: Ihr Code lautet {{otp}}",
    content: `Ihr Anmeldecode für {{projectDisplayName}}, zehn Minuten gültig:\n\n{{otp}}\n\nOder melden Sie sich mit diesem Link als {{email}} an:\n\n{{link}}\n\n${IGNORE_DE}`,
  },
  team_invitation: {
    subject: "Eine Einladung in das Team {{teamDisplayName}} bei {{projectDisplayName}}",
    content: `{{inviterDisplayName}} hat Sie in das Team {{teamDisplayName}} bei {{projectDisplayName}} eingeladen.\n\n{{link}}\n\n${IGNORE_DE}`,
  },
};

const DEFAULTS_BY_LOCALE: Record<Locale, Record<EmailTemplateType, EmailTemplate>> = {
  en: DEFAULT_EMAIL_TEMPLATES,
  de: GERMAN_EMAIL_TEMPLATES,
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

function fill(source: string, vars: TemplateVariables, encode: (s: string) => string): string {
  return source.replace(PLACEHOLDER, (whole, name: string) => {
    // Unknown names stay visible, so a typo in an edited template shows in the preview.
    if (!(TEMPLATE_VARIABLE_NAMES as readonly string[]).includes(name)) return encode(whole);
    return encode(vars[name as keyof TemplateVariables] ?? "");
  });
}

/** Subject, text and HTML of a template with its variables filled; values are escaped in HTML. */
export function renderEmailTemplate(template: EmailTemplate, vars: TemplateVariables, theme?: EmailTheme) {
  const subject = fill(template.subject, vars, (s) => s).replace(/[\r\n]+/g, " ");
  const text = fill(template.content, vars, (s) => s);
  const html = template.content
    .split(/\n{2,}/)
    .map((paragraph) => {
      if (paragraph.trim() === "{{link}}") {
        const href = escapeHtml(vars.link);
        return `<p><a href="${href}">${href}</a></p>`;
      }
      return `<p>${fill(escapeHtml(paragraph), vars, escapeHtml).replace(/\n/g, "<br>")}</p>`;
    })
    .join("");
  return { subject, text, html: theme ? themedHtml(html, theme) : html };
}

/** The project's templates: its own edits where it has them, else the defaults. */
export class EmailTemplateStore {
  constructor(private store: Store) {}

  async list(projectId: string): Promise<Array<EmailTemplate & { type: EmailTemplateType; isDefault: boolean }>> {
    const rows = await this.store.db
      .select()
      .from(authEmailTemplatesTable)
      .where(eq(authEmailTemplatesTable.projectId, projectId));
    return EMAIL_TEMPLATE_TYPES.map((type) => {
      const own = rows.find((r) => r.type === type);
      return own
        ? { type, subject: own.subject, content: own.content, isDefault: false }
        : { type, ...DEFAULT_EMAIL_TEMPLATES[type], isDefault: true };
    });
  }

  /** The project's own version, else the default in `locale` (English unless asked). */
  async get(projectId: string, type: EmailTemplateType, locale: Locale = "en") {
    const [own] = await this.store.db
      .select()
      .from(authEmailTemplatesTable)
      .where(and(eq(authEmailTemplatesTable.projectId, projectId), eq(authEmailTemplatesTable.type, type)));
    return own
      ? { type, subject: own.subject, content: own.content, isDefault: false }
      : { type, ...DEFAULTS_BY_LOCALE[locale][type], isDefault: true };
  }

  /** Creates the project's own version; fails when it already has one. */
  async create(projectId: string, type: EmailTemplateType, template: EmailTemplate): Promise<void> {
    const inserted = await this.store.db
      .insert(authEmailTemplatesTable)
      .values({ projectId, type, ...template })
      .onConflictDoNothing()
      .returning({ type: authEmailTemplatesTable.type });
    if (!inserted.length) throw KnownErrors.emailTemplateAlreadyExists();
  }

  /** Edits the project's version, starting from the default for fields not given. */
  async update(projectId: string, type: EmailTemplateType, patch: Partial<EmailTemplate>): Promise<void> {
    const current = await this.get(projectId, type);
    const next = { subject: patch.subject ?? current.subject, content: patch.content ?? current.content };
    await this.store.db
      .insert(authEmailTemplatesTable)
      .values({ projectId, type, ...next })
      .onConflictDoUpdate({
        target: [authEmailTemplatesTable.projectId, authEmailTemplatesTable.type],
        set: { ...next, updatedAt: new Date() },
      });
  }

  /** Back to the default; false when the template was the default already. */
  async reset(projectId: string, type: EmailTemplateType): Promise<boolean> {
    const deleted = await this.store.db
      .delete(authEmailTemplatesTable)
      .where(and(eq(authEmailTemplatesTable.projectId, projectId), eq(authEmailTemplatesTable.type, type)))
      .returning({ type: authEmailTemplatesTable.type });
    return deleted.length > 0;
  }

  /** Every mail of a template type is built here, so an edited template applies to all of them. */
  async render(
    projectId: string,
    type: EmailTemplateType,
    vars: TemplateVariables,
    theme?: EmailTheme,
    locale: Locale = "en",
  ) {
    return renderEmailTemplate(await this.get(projectId, type, locale), vars, theme);
  }
}
