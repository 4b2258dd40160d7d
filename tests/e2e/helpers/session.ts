import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { waitForMail } from "../../helpers/mail-catcher.ts";
import { type Lang, tr } from "./catalog.ts";

export const PASSWORD = "correct horse battery 1";

/**
 * Project initialisation creates the user's first database (a PGlite process per user here), which
 * takes seconds on a busy two-core machine; the UI shows 'Initializing project...' meanwhile.
 */
export const PROJECT_INIT_TIMEOUT_MS = 60_000;

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

function mailDir(): string {
  return process.env.E2E_MAIL_DIR ?? "";
}

/** Chooses the UI language the way a returning visitor has it: through the `locale` cookie. */
export async function useLanguage(context: BrowserContext, lang: Lang): Promise<void> {
  const url = process.env.E2E_BASE_URL ?? "";
  await context.addCookies([{ name: "locale", value: lang, url }]);
}

/** The first link in a mail whose path is `path`, e.g. /verify-email?code=… */
export async function linkFromMail(email: string, path: string, subject: RegExp): Promise<string> {
  const mail = await waitForMail(mailDir(), email, (m) => subject.test(m.subject));
  const escaped = path.replace(/[/.]/g, "\\$&");
  const match = new RegExp(`https?://[^\\s"'<>]*${escaped}\\?[^\\s"'<>]*code=[^\\s"'<>]+`).exec(
    `${mail.text}\n${mail.html}`,
  );
  if (!match) throw new Error(`mail "${mail.subject}" to ${email} has no ${path} link:\n${mail.text}`);
  return match[0].replace(/&amp;/g, "&");
}

/** Announcements stay in the polite live region for 7 s, long after a toast may be gone. */
export function liveRegion(page: Page) {
  return page.getByTestId("live-polite");
}

export async function fillCredentials(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await page.getByLabel(tr(lang, "Email"), { exact: true }).fill(email);
  await page.getByLabel(tr(lang, "Password"), { exact: true }).fill(password);
}

/**
 * Signs up through /signup, follows the verification link from the real mail, and waits for the
 * project initialisation to land the user on the home page.
 */
export async function signUpAndVerify(page: Page, lang: Lang, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/signup");
  await fillCredentials(page, lang, email, password);
  await page.getByRole("button", { name: tr(lang, "Sign up"), exact: true }).click();
  await expect(page.getByText(tr(lang, "Please check your email for verification"))).toBeVisible();
  const link = await linkFromMail(email, "/verify-email", /verif/i);
  await page.goto(link);
  await expect(liveRegion(page)).toContainText(tr(lang, "Initializing project..."));
  await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
  // Announced just before the page moves on, and kept for 7 s.
  await expect(liveRegion(page)).toContainText(tr(lang, "Project initialized"));
  // The user menu sits in the sidebar, which is a closed drawer on narrow screens.
  await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
}

export async function signIn(page: Page, lang: Lang, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await fillCredentials(page, lang, email, password);
  await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
  await expect(userMenuButton(page, lang, email)).toBeVisible();
}

export function userMenuButton(page: Page, lang: Lang, email: string) {
  return page.getByRole("button", { name: tr(lang, "User menu for {email}", { email }) });
}

export async function signOut(page: Page, lang: Lang, email: string): Promise<void> {
  await userMenuButton(page, lang, email).click();
  await page.getByRole("menuitem", { name: tr(lang, "Log out") }).click();
  await expect(page).toHaveURL(/\/login$/);
}
