import { expect, test } from "@playwright/test";
import { waitForMail } from "../helpers/mail-catcher.ts";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { createVerifiedUser, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

/**
 * The admin area's "Open as this user": a new tab signed in as the user with a banner naming both,
 * an action there recorded with both people, the operator's own tab untouched, and the end.
 */
for (const lang of journeyLangs("de")) {
  test(`an operator opens a user's session in a new tab, acts, and ends it (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
    const operatorEmail = OPERATOR_EMAILS.impersonation[lang];
    await signInAsOperator(page, lang, operatorEmail);
    const email = uniqueEmail(`carol-${lang}`);
    const carol = await createVerifiedUser(email);

    await page.goto(`/admin/users/${carol.userId}`);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: tr(lang, "Open as this user") }).click(),
    ]);
    // No token in the address bar, ever: the session came by message.
    await expect(tab).toHaveURL(/\/$/, { timeout: 30_000 });
    expect(new URL(tab.url()).search + new URL(tab.url()).hash).toBe("");

    const banner = tab.getByRole("region", { name: tr(lang, "Impersonation") });
    await expect(banner).toContainText(email);
    await expect(banner).toContainText(operatorEmail);
    await expect(userMenuButton(tab, lang, email)).toBeVisible();
    await expectNoSeriousA11yViolations(tab, `${lang} impersonation banner`);

    // An action as the user: the banner stays on every page.
    await createApp(tab, lang, `Impersonated ${lang}`, "made by an operator");
    await expect(banner).toBeVisible();

    // The operator's own tab is still the operator's.
    await page.reload();
    await expect(userMenuButton(page, lang, operatorEmail)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: tr(lang, "Impersonation") })).toBeVisible();

    // The user was told, in the language of her own sign-in (English: made over HTTP without one).
    const notice = await waitForMail(process.env.E2E_MAIL_DIR ?? "", email, (m) =>
      m.subject.includes("opened your account"),
    );
    expect(notice.text).toContain(operatorEmail);

    await banner.getByRole("button", { name: tr(lang, "End impersonation") }).click();
    await expect(tab).toHaveURL(/\/impersonation-ended$/);
    await expect(tab.getByRole("heading", { name: tr(lang, "Impersonation ended") })).toBeVisible();
    await expect(tab.getByRole("region", { name: tr(lang, "Impersonation") })).toHaveCount(0);

    // The audit log names both for the app created in the tab.
    await page.goto("/admin/audit");
    const bothActors = tr(lang, "{operator} as {user}", { operator: operatorEmail, user: email });
    await expect(page.getByText(bothActors, { exact: true }).first()).toBeVisible();
  });
}
