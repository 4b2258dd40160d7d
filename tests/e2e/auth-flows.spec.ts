import { CONSENT_TEXTS } from "../../server/auth/routes/auth/oauth/dev-provider/consent-texts.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { MAIL_SUBJECT } from "./helpers/mail-subjects.ts";
import {
  fillCredentials,
  linkFromMail,
  liveRegion,
  PASSWORD,
  PROJECT_INIT_TIMEOUT_MS,
  signIn,
  signOut,
  signUpAndVerify,
  uniqueEmail,
  useLanguage,
  userMenuButton,
} from "./helpers/session.ts";

for (const lang of journeyLangs("en")) {
  test.describe(`auth pages (${lang})`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, lang));

    test("the guard sends a visitor without a session cookie to /login at once", async ({ page }) => {
      // /config.json held back: the old guard waited for it (and showed 'Authenticating...' for
      // up to 2 s more); without a session cookie there is nothing to wait for.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/config.json", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(tr(lang, "Authenticating..."))).toHaveCount(0);
      release();
      await expect(page.getByRole("heading", { name: tr(lang, "Log in") })).toBeVisible();
      // Every app route is guarded, and the check runs again on each of them.
      for (const path of ["/create-app", "/apps/some-app", "/db/some-db"]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
      }
    });

    test("login and signup link to each other and to recovery, with both social buttons", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByLabel(tr(lang, "Email"), { exact: true })).toHaveAttribute("type", "email");
      await expect(page.getByRole("button", { name: tr(lang, "Continue with GitHub") })).toBeVisible();
      await expect(page.getByRole("button", { name: tr(lang, "Continue with Google") })).toBeVisible();
      await page.getByRole("link", { name: tr(lang, "Sign up") }).click();
      await expect(page).toHaveURL(/\/signup$/);
      // The operator's terms and privacy policy (TERMS_URL, PRIVACY_URL of the e2e server) as links.
      await expect(page.getByRole("link", { name: tr(lang, "Terms of Service") })).toHaveAttribute(
        "href",
        "https://example.test/terms",
      );
      await expect(page.getByRole("link", { name: tr(lang, "Privacy Policy") })).toHaveAttribute(
        "href",
        "https://example.test/privacy",
      );
      await expect(page.getByRole("button", { name: tr(lang, "Continue with GitHub") })).toBeVisible();
      await page.getByRole("link", { name: tr(lang, "Log in") }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByRole("link", { name: tr(lang, "Forgot password?") }).click();
      await expect(page).toHaveURL(/\/recover$/);
    });

    test("e-mail and password are both required on login", async ({ page }) => {
      await page.goto("/login");
      const requests: string[] = [];
      page.on("request", (r) => r.method() === "POST" && requests.push(r.url()));
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page.getByLabel(tr(lang, "Email"), { exact: true })).toHaveJSProperty("validity.valueMissing", true);
      await page.getByLabel(tr(lang, "Email"), { exact: true }).fill("someone@example.test");
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page.getByLabel(tr(lang, "Password"), { exact: true })).toHaveJSProperty(
        "validity.valueMissing",
        true,
      );
      expect(requests).toEqual([]);
    });

    test("e-mail verification without a code, and with a code nobody issued", async ({ page }) => {
      await page.goto("/verify-email");
      await expect(page.getByRole("heading", { name: tr(lang, "Verification failed") })).toBeVisible();
      await expect(page.getByText(tr(lang, "No verification code provided"))).toBeVisible();
      await page.goto(`/verify-email?code=${"a".repeat(45)}`);
      await expect(page.getByRole("heading", { name: tr(lang, "Verification failed") })).toBeVisible();
      await expect(
        page
          .getByRole("alert")
          .filter({ hasNotText: tr(lang, "No verification code provided") })
          .first(),
      ).toBeVisible();
    });

    test("an OAuth callback without a valid code fails back to /login with the error", async ({ page }) => {
      await page.goto("/handler/oauth-callback?code=bogus&state=bogus");
      await expect(page).toHaveURL(/\/login$/);
      const message = tr(lang, "Error signing in during OAuth callback. Please try again.");
      await expect(page.getByText(message).first()).toBeVisible();
      // Toasts: top-left, 356 px wide; the live region repeats the message for screen readers.
      const toaster = page.locator("[data-sonner-toaster]");
      await expect(toaster).toHaveAttribute("data-y-position", "top");
      await expect(toaster).toHaveAttribute("data-x-position", "left");
      expect((await page.locator("[data-sonner-toast]").first().boundingBox())?.width).toBe(356);
      await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(1);
      // The toast leaves after 4 s; the announcement outlives it and leaves after 7 s.
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 6000 });
      await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(1);
      await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(0, { timeout: 5000 });
    });

    test("sign up, verify by mail, sign out, recover and reset the password", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(`reset-${lang}`);
      await signUpAndVerify(page, lang, email);

      await signOut(page, lang, email);
      await page.goto("/");
      await expect(page).toHaveURL(/\/login$/);

      // A wrong password: the provider's message, or the generic one.
      await fillCredentials(page, lang, email, "not the password");
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      await page.getByRole("link", { name: tr(lang, "Forgot password?") }).click();
      // The login form's own Email field is still there until /recover replaces it: a fill before
      // that lands in the field that goes away, and the recovery form is sent empty.
      await expect(page).toHaveURL(/\/recover$/);
      await expect(page.getByRole("heading", { name: tr(lang, "Reset your password") })).toBeVisible();
      await page.getByLabel(tr(lang, "Email"), { exact: true }).fill(email);
      await page.getByRole("button", { name: tr(lang, "Send reset instructions") }).click();
      // The answer comes once the server handed the mail to SMTP: seconds on a loaded two-core machine.
      await expect(page.getByText(tr(lang, "Password reset email sent!")).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByLabel(tr(lang, "Email"), { exact: true })).toHaveCount(0);

      const link = await linkFromMail(email, "/handler/password-reset", MAIL_SUBJECT.passwordReset[lang]);
      await page.goto(link);
      const newPassword = `${PASSWORD} renewed`;
      await page.getByLabel(tr(lang, "New password")).fill(newPassword);
      await page.getByLabel(tr(lang, "Confirm password")).fill(newPassword);
      await page.getByRole("button", { name: tr(lang, "Reset password") }).click();
      await expect(page.getByText(tr(lang, "Your password has been reset."))).toBeVisible();
      await page.getByRole("link", { name: tr(lang, "Go to Login") }).click();
      await expect(page).toHaveURL(/\/login$/);

      // The old password is gone, the new one is accepted.
      await fillCredentials(page, lang, email, PASSWORD);
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await signIn(page, lang, email, newPassword);
    });

    test("project initialisation after verification, then a plain sign-in", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(`init-${lang}`);
      await signUpAndVerify(page, lang, email);
      await signOut(page, lang, email);
      await signIn(page, lang, email);
      await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
    });

    test("login runs the project initialisation for a user who never verified", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(`login-init-${lang}`);
      await page.goto("/signup");
      await fillCredentials(page, lang, email, PASSWORD);
      await page.getByRole("button", { name: tr(lang, "Sign up"), exact: true }).click();
      await expect(page.getByText(tr(lang, "Please check your email for verification"))).toBeVisible();
      await page.goto("/login");
      await fillCredentials(page, lang, email, PASSWORD);
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(liveRegion(page)).toContainText(tr(lang, "Initializing project..."));
      await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
      await expect(liveRegion(page)).toContainText(tr(lang, "Project initialized"));
    });

    // Each provider in one language (the same pages and callback otherwise): GitHub in English, Google in German.
    for (const provider of [lang === "en" ? "GitHub" : "Google"] as const) {
      test(`social sign-in with ${provider} through the development provider`, async ({ page, context }) => {
        test.slow();
        const email = uniqueEmail(`oauth-${provider.toLowerCase()}`);
        await page.goto("/login");
        await page.getByRole("button", { name: tr(lang, `Continue with ${provider}`) }).click();
        // Without real credentials the auth service's development provider shows its consent page.
        const consent = CONSENT_TEXTS[lang];
        await expect(page.getByRole("heading", { name: consent.heading(provider) })).toBeVisible();
        await page.getByLabel(consent.email).fill(email);
        await page.getByRole("button", { name: consent.allow }).click();
        await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
        await expect(liveRegion(page)).toContainText(tr(lang, "Project initialized"));
        await expect(userMenuButton(page, lang, email)).toBeVisible();
        await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();

        // Signing in again with the same account finds the same, already initialised user.
        await signOut(page, lang, email);
        await context.clearCookies({ name: /^(stack|hexclave)-/ });
        await page.getByRole("button", { name: tr(lang, `Continue with ${provider}`) }).click();
        await page.getByLabel(consent.email).fill(email);
        await page.getByRole("button", { name: consent.allow }).click();
        await expect(userMenuButton(page, lang, email)).toBeVisible({ timeout: 30_000 });
      });
    }

    test("cancelling on the provider's page ends on /login with the callback error", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("button", { name: tr(lang, "Continue with GitHub") }).click();
      await expect(page.getByRole("heading", { name: CONSENT_TEXTS[lang].heading("GitHub") })).toBeVisible();
      await page.getByRole("button", { name: CONSENT_TEXTS[lang].deny }).click();
      await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
      await expect(
        page.getByText(tr(lang, "Error signing in during OAuth callback. Please try again.")).first(),
      ).toBeVisible();
    });
  });
}
