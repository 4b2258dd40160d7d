import { expect, test } from "@playwright/test";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { withMagicLinks } from "./helpers/magic-links.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { linkFromMail, PROJECT_INIT_TIMEOUT_MS, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

for (const lang of journeyLangs("en")) {
  test.describe(`magic-link callback page (${lang})`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, lang));

    test("without a code it says so and links back to login", async ({ page }) => {
      await page.goto("/handler/magic-link-callback");
      await expect(page.getByRole("heading", { name: tr(lang, "Sign-in failed") })).toBeVisible();
      // The shell keeps an empty assertive live region; the page's own alert is the one with text.
      await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(tr(lang, "No sign-in code provided"));
      await page.getByRole("link", { name: tr(lang, "Back to login") }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test("an unknown code is sent to the service once and its error is shown", async ({ page, browser }) => {
      await signInAsOperator(page, lang, OPERATOR_EMAILS.magicLink[lang]);
      const visitor = await browser.newContext();
      await useLanguage(visitor, lang);
      try {
        const tab = await visitor.newPage();
        const signIns: string[] = [];
        tab.on("request", (r) => r.url().endsWith("/auth/otp/sign-in") && signIns.push(r.url()));
        // With magic links on, so the service looks the code up (off, it refuses every code).
        await withMagicLinks(page, async () => {
          await tab.goto(`/handler/magic-link-callback?code=${"a".repeat(45)}`);
          await expect(tab.getByRole("heading", { name: tr(lang, "Sign-in failed") })).toBeVisible();
          await expect(tab.getByRole("alert").filter({ hasText: /./ })).toHaveText(
            tr(lang, "This link is not valid. Ask for a new one."),
          );
        });
        expect(signIns).toHaveLength(1);
      } finally {
        await visitor.close();
      }
    });

    test("a visitor asks for a link on /login, follows it from the mail and is signed in; the link works once", async ({
      page,
      browser,
    }) => {
      test.slow();
      await signInAsOperator(page, lang, OPERATOR_EMAILS.magicLink[lang]);
      const visitor = await browser.newContext();
      await useLanguage(visitor, lang);
      try {
        const tab = await visitor.newPage();
        /** The codes the page sends to the service's sign-in endpoint, in order. */
        const redeemed: string[] = [];
        tab.on("request", (r) => {
          if (r.method() === "POST" && r.url().endsWith("/auth/otp/sign-in")) {
            redeemed.push((r.postDataJSON() as { code: string }).code);
          }
        });
        const email = uniqueEmail(`link-${lang}`);

        // Magic links stay on until the link was followed: switching them off stops mailed codes too.
        await withMagicLinks(page, async () => {
          await tab.goto("/login");
          await tab.getByRole("button", { name: tr(lang, "Sign in with a code instead") }).click();
          await tab.getByLabel(tr(lang, "Email")).fill(email);
          await tab.getByRole("button", { name: tr(lang, "Send me a code") }).click();
          await expect(
            tab.getByText(
              tr(lang, "We sent a code to {email}. Enter it here, or follow the link in the e-mail.", { email }),
            ),
          ).toBeVisible();
          const link = await linkFromMail(email, "/handler/magic-link-callback", /./);
          // The link leads back to this app's callback page with the whole code.
          const url = new URL(link);
          expect(url.origin).toBe(new URL(tab.url()).origin);
          expect(url.pathname).toBe("/handler/magic-link-callback");
          const code = url.searchParams.get("code") ?? "";
          expect(code).toMatch(/^[a-z0-9]{45}$/);
          expect(redeemed).toEqual([]);

          // Followed in the same page instead of typing the code: the callback redeems it, then home.
          const landed = await tab.goto(link);
          expect(landed?.url()).toBe(link);
          await expect(tab).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
          await expect(tab.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
          await expect(userMenuButton(tab, lang, email)).toBeVisible();
          expect(redeemed).toEqual([code]);

          // The same link a second time: the service refuses it and the page says why.
          await tab.goto(link);
          await expect(tab.getByRole("heading", { name: tr(lang, "Sign-in failed") })).toBeVisible();
          await expect(tab.getByRole("alert").filter({ hasText: /./ })).toHaveText(
            tr(lang, "This link has already been used."),
          );
          expect(redeemed).toEqual([code, code]);
          await expect(tab).toHaveURL(link);
        });
      } finally {
        await visitor.close();
      }
    });
  });
}
