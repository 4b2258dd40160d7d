import type { Lang } from "./catalog.ts";

/**
 * How each mail's subject begins in each language (server/auth/mail/email-templates.ts): a mail is
 * written in the language of whoever asked for it, so a German page's sign-up gets a German mail.
 */
export const MAIL_SUBJECT = {
  verification: { en: /^Verify your email at /, de: /^Bestätigen Sie Ihre E-Mail-Adresse bei / },
  passwordReset: { en: /^Reset your password at /, de: /^Setzen Sie Ihr Passwort bei / },
  invitation: { en: /^An invitation to join /, de: /^Eine Einladung in das Team / },
} satisfies Record<string, Record<Lang, RegExp>>;
