import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { waitForMail } from "../../helpers/mail-catcher.ts";
import { type Lang, tr } from "./catalog.ts";
import { e2eAdminHeaders, e2eProjectId } from "./e2e-project.ts";
import { MAIL_SUBJECT } from "./mail-subjects.ts";

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
  const link = await linkFromMail(email, "/verify-email", MAIL_SUBJECT.verification[lang]);
  await page.goto(link);
  await expect(liveRegion(page)).toContainText(tr(lang, "Initializing project..."));
  await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
  // Announced just before the page moves on, and kept for 7 s.
  await expect(liveRegion(page)).toContainText(tr(lang, "Project initialized"));
  // The user menu sits in the sidebar, which is a closed drawer on narrow screens.
  await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
}

/** What the e2e server's admin key may do (global-setup.ts passes it on as E2E_ADMIN_KEY). */
function adminHeaders(): Promise<Record<string, string>> {
  const key = process.env.E2E_ADMIN_KEY;
  if (!key) throw new Error("E2E_ADMIN_KEY is not set: the e2e global setup passes on the server's admin key");
  return e2eAdminHeaders(baseUrl(), key);
}

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the browser tests through playwright.config.ts");
  return url;
}

async function post(path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function answer<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ApiSession {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A user as signUpAndVerify leaves one, made over HTTP instead of the UI: created with a verified
 * e-mail and a password through the auth service's admin API (or signed in with that password when
 * the address exists already, as on a retry), and with the project initialised through the app
 * API's POST /auth/verify, the call the app makes after verification. With the home page loaded
 * (startSignedIn) about 1.5 s of CPU against 3.8 s for the UI path (three page loads and a mail);
 * that path stays covered by the specs about sign-up, verification and project initialisation
 * (auth-flows, first-run, session-cookie).
 */
export async function createVerifiedUser(email: string, password = PASSWORD): Promise<ApiSession> {
  const headers = await adminHeaders();
  const created = await post("/auth/api/v1/users", headers, {
    primary_email: email,
    primary_email_verified: true,
    primary_email_auth_enabled: true,
    password,
  });
  let tokens: { access_token: string; refresh_token: string; user_id?: string };
  let userId: string;
  if (created.status === 201) {
    userId = ((await created.json()) as { id: string }).id;
    tokens = await answer(
      await post("/auth/api/v1/auth/sessions", headers, { user_id: userId }),
      "POST /auth/sessions",
    );
  } else {
    const text = await created.text();
    if (!text.includes("USER_EMAIL_ALREADY_EXISTS")) throw new Error(`POST /users answered ${created.status}: ${text}`);
    tokens = await answer(
      await post("/auth/api/v1/auth/password/sign-in", headers, { email, password }),
      "POST /auth/password/sign-in",
    );
    userId = tokens.user_id ?? "";
  }
  await answer(
    await post("/api/v1/auth/verify", { authorization: `Bearer ${tokens.access_token}` }),
    "POST /api/v1/auth/verify",
  );
  return { userId, email, password, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** Cookie values as the SDK writes them (js-cookie's encoding). */
function cookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

/**
 * Puts a session into the browser where the SDK keeps it (tokenStore "cookie"): the refresh-token
 * cookie of the project and the access cookie `[refreshToken, accessToken]`. For the server's
 * address and for `localhost` on its port (the passkey spec talks to the server as localhost).
 */
export async function addSessionCookies(context: BrowserContext, session: ApiSession): Promise<void> {
  const now = Date.now();
  const refreshName = `hexclave-refresh-${await e2eProjectId(baseUrl())}--default`;
  const refresh = cookieValue(JSON.stringify({ refresh_token: session.refreshToken, updated_at_millis: now }));
  const access = cookieValue(JSON.stringify([session.refreshToken, session.accessToken]));
  const urls = [baseUrl(), baseUrl().replace("127.0.0.1", "localhost")];
  await context.addCookies(
    urls.flatMap(
      (url) =>
        [
          {
            name: refreshName,
            value: refresh,
            url,
            expires: Math.floor(now / 1000) + 365 * 24 * 3600,
            sameSite: "Lax",
          },
          { name: "hexclave-access", value: access, url, expires: Math.floor(now / 1000) + 24 * 3600, sameSite: "Lax" },
        ] as const,
    ),
  );
}

/**
 * Where signUpAndVerify ends, without its UI: a verified user with an initialised project
 * (createVerifiedUser), signed in in `page`'s context and on the home page.
 */
export async function startSignedIn(page: Page, lang: Lang, email: string, password = PASSWORD): Promise<ApiSession> {
  const session = await createVerifiedUser(email, password);
  await addSessionCookies(page.context(), session);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
  return session;
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
