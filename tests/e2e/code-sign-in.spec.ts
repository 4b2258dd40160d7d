import { expect, test } from "@playwright/test";
import { waitForMail } from "../helpers/mail-catcher.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { withE2eLock, withMagicLinks } from "./helpers/magic-links.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { PROJECT_INIT_TIMEOUT_MS, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

// Both languages switch the e2e project's magic links on and back off: one at a time, and under the
// lock magic-link.spec.ts holds for the same, since workers run files side by side.
test.describe.configure({ mode: "serial" });

for (const lang of journeyLangs("de")) {
  test(`a visitor signs up and in with a code from the e-mail (${lang})`, async ({ page, context, browser }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.codeSignIn[lang]);
    const visitor = await browser.newContext();
    await useLanguage(visitor, lang);
    await withMagicLinks(page, async () => {
      const tab = await visitor.newPage();
      await tab.goto("/login");
      await tab.getByRole("button", { name: tr(lang, "Sign in with a code instead") }).click();
      const email = uniqueEmail(`code-${lang}`);
      await tab.getByLabel(tr(lang, "Email")).fill(email);
      await tab.getByRole("button", { name: tr(lang, "Send me a code") }).click();
      await expect(
        tab.getByText(
          tr(lang, "We sent a code to {email}. Enter it here, or follow the link in the e-mail.", { email }),
        ),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(tab, `${lang} /login code step`);

      const mail = await waitForMail(process.env.E2E_MAIL_DIR ?? "", email);
      const typed = /([0-9A-Z]{6})/.exec(mail.subject)?.[1];
      if (!typed) throw new Error(`no code in "${mail.subject}"`);
      const field = tab.getByLabel(tr(lang, "Code from the e-mail"));
      // A wrong code is refused with the service's reason, and the right one still works after it.
      await field.fill(typed === "AAAAAA" ? "BBBBBB" : "AAAAAA");
      await tab.getByRole("button", { name: tr(lang, "Sign in"), exact: true }).click();
      await expect(tab.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
      await field.fill(typed);
      await tab.getByRole("button", { name: tr(lang, "Sign in"), exact: true }).click();
      await expect(tab).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
      await expect(userMenuButton(tab, lang, email)).toBeVisible();
    }).finally(() => visitor.close());
  });
}

test("without magic links the login page offers no code sign-in", async ({ page }) => {
  await withE2eLock("magic-links", async () => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: tr("en", "Log in"), exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: tr("en", "Sign in with a code instead") })).toHaveCount(0);
  });
});
