import { type Locale, pickLocale } from "../../../../../lib/request-locale.ts";

/**
 * The words of the development provider's consent page. It is served by the auth service, outside
 * the web app and its Lingui catalogs, so its two languages live here, checked by the type: a
 * German text can not be left out.
 */
export type ConsentLocale = Locale;

export interface ConsentTexts {
  title(provider: string): string;
  badge: string;
  heading(provider: string): string;
  intro(provider: string): string;
  rules: string[];
  email: string;
  name: string;
  allow: string;
  deny: string;
  invalidEmail: string;
  expiredHeading: string;
  expired: string;
  switchedOnBy(provider: string, variables: string): string;
  otherLanguage: { locale: ConsentLocale; label: string };
}

export const CONSENT_TEXTS: Record<ConsentLocale, ConsentTexts> = {
  en: {
    title: (provider) => `Development sign-in: ${provider}`,
    badge: "Development provider",
    heading: (provider) => `Sign in with ${provider} (development)`,
    intro: (provider) =>
      `This server has no ${provider} credentials, so it stands in for ${provider} while you develop. ` +
      "No password is checked: choose the e-mail address and the name of the account.",
    rules: [
      "The address is not marked verified.",
      "An address that already has an account is refused: sign in to that account the way it was made.",
      "Only this browser can sign in again to the accounts it makes here.",
    ],
    email: "E-mail",
    name: "Name",
    allow: "Continue",
    deny: "Cancel",
    invalidEmail: "Please enter a valid e-mail address.",
    expiredHeading: "This sign-in has expired",
    expired: "This sign-in request is unknown or has expired. Go back to the app and start again.",
    switchedOnBy: (provider, variables) =>
      `Switched on by DEV_OAUTH_PROVIDER. Set ${variables} to sign in with the real ${provider}.`,
    otherLanguage: { locale: "de", label: "Deutsch" },
  },
  de: {
    title: (provider) => `Entwicklungs-Anmeldung: ${provider}`,
    badge: "Entwicklungs-Anbieter",
    heading: (provider) => `Mit ${provider} anmelden (Entwicklung)`,
    intro: (provider) =>
      `Dieser Server hat keine Zugangsdaten für ${provider} und vertritt ${provider} deshalb während der ` +
      "Entwicklung. Es wird kein Passwort geprüft: Wähle die E-Mail-Adresse und den Namen des Kontos.",
    rules: [
      "Die Adresse gilt nicht als bestätigt.",
      "Eine Adresse, zu der es schon ein Konto gibt, wird abgelehnt: Melde dich dort so an, wie das Konto angelegt wurde.",
      "Nur dieser Browser kann sich wieder bei den Konten anmelden, die er hier anlegt.",
    ],
    email: "E-Mail",
    name: "Name",
    allow: "Weiter",
    deny: "Abbrechen",
    invalidEmail: "Bitte gib eine gültige E-Mail-Adresse ein.",
    expiredHeading: "Diese Anmeldung ist abgelaufen",
    expired: "Diese Anmeldung ist unbekannt oder abgelaufen. Geh zurück zur App und beginne von vorn.",
    switchedOnBy: (provider, variables) =>
      `Eingeschaltet durch DEV_OAUTH_PROVIDER. Setze ${variables}, um dich mit dem echten ${provider} anzumelden.`,
    otherLanguage: { locale: "en", label: "English" },
  },
};

/** `?lang=` first, then the web app's `locale` cookie, then the browser's languages; else English. */
export function consentLocale(
  query: string | undefined,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): ConsentLocale {
  return pickLocale([query, cookie], acceptLanguage);
}
