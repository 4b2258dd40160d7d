import type { Page } from "@playwright/test";
import type { Lang } from "./catalog.ts";
import { startSignedIn } from "./session.ts";

/**
 * The e2e server's ADMIN_EMAILS (global-setup.ts). One address per test and language, so tests
 * running side by side (fullyParallel) never share an operator; the same address comes back on a retry.
 */
export const OPERATOR_EMAILS = {
  overview: { en: "operator-overview-en@example.test", de: "operator-overview-de@example.test" },
  keys: { en: "operator-keys-en@example.test", de: "operator-keys-de@example.test" },
  webhooks: { en: "operator-webhooks-en@example.test", de: "operator-webhooks-de@example.test" },
  emails: { en: "operator-emails-en@example.test", de: "operator-emails-de@example.test" },
  domains: { en: "operator-domains-en@example.test", de: "operator-domains-de@example.test" },
  users: { en: "operator-users-en@example.test", de: "operator-users-de@example.test" },
  teams: { en: "operator-teams-en@example.test", de: "operator-teams-de@example.test" },
  permissions: { en: "operator-permissions-en@example.test", de: "operator-permissions-de@example.test" },
  codeSignIn: { en: "operator-code-en@example.test", de: "operator-code-de@example.test" },
  magicLink: { en: "operator-magic-link-en@example.test", de: "operator-magic-link-de@example.test" },
  accountDeletion: { en: "operator-deletion-en@example.test", de: "operator-deletion-de@example.test" },
  passkeys: { en: "operator-passkeys-en@example.test", de: "operator-passkeys-de@example.test" },
  core: { en: "operator-en@example.test", de: "operator-de@example.test" },
  backups: { en: "operator-backups-en@example.test", de: "operator-backups-de@example.test" },
  audit: { en: "operator-audit-en@example.test", de: "operator-audit-de@example.test" },
  impersonation: { en: "operator-impersonation-en@example.test", de: "operator-impersonation-de@example.test" },
  config: { en: "config-operator-en@example.test", de: "config-operator-de@example.test" },
  tour: { en: "operator-tour-en@example.test", de: "operator-tour-de@example.test" },
} as const;

export const ADMIN_EMAILS = Object.values(OPERATOR_EMAILS)
  .flatMap((byLang) => Object.values(byLang))
  .join(",");

/**
 * Signs an operator in, made (verified, project initialised) the first time over HTTP: retries
 * and the other language's tests reuse the address (createVerifiedUser signs in with the password).
 */
export async function signInAsOperator(page: Page, lang: Lang, email: string): Promise<void> {
  await startSignedIn(page, lang, email);
}
