import { expect, test } from "@playwright/test";
import { LANGS, tr } from "./helpers/catalog.ts";
import { useLanguage } from "./helpers/session.ts";

for (const lang of LANGS) {
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

    test("an unknown code is sent to the service once and its error is shown", async ({ page }) => {
      const signIns: string[] = [];
      page.on("request", (r) => r.url().endsWith("/auth/otp/sign-in") && signIns.push(r.url()));
      await page.goto(`/handler/magic-link-callback?code=${"a".repeat(45)}`);
      await expect(page.getByRole("heading", { name: tr(lang, "Sign-in failed") })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("verification code does not exist");
      expect(signIns).toHaveLength(1);
    });
  });
}
