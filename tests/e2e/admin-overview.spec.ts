import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { startSignedIn, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

for (const lang of journeyLangs("de")) {
  test(`an operator reaches the admin area from the user menu and sees the metrics (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    const email = OPERATOR_EMAILS.overview[lang];
    await signInAsOperator(page, lang, email);

    await userMenuButton(page, lang, email).click();
    await page.getByRole("menuitem", { name: tr(lang, "Admin area") }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: tr(lang, "Admin area") })).toBeVisible();
    await expect(page.getByRole("navigation", { name: tr(lang, "Admin sections") })).toBeVisible();

    // The operator is one of the users the metrics count, and signed up within the window.
    const users = page.getByRole("definition").first();
    await expect(users).not.toHaveText("0");
    for (const chart of ["Sign-ups per day", "Active users per day"]) {
      const figure = page.getByRole("figure", { name: tr(lang, chart) });
      await expect(figure).toBeVisible();
      await expect(figure.getByTestId("daily-chart").locator("rect")).toHaveCount(30);
      // The same numbers for screen readers: one row per day.
      await expect(figure.getByRole("table").getByRole("row")).toHaveCount(31);
    }
    await expect(page.getByRole("heading", { name: tr(lang, "Sign-in methods") })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /admin`);

    // A recent user leads to their page in the admin area.
    const recent = page.getByRole("region", { name: tr(lang, "Recently signed up") });
    await recent.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("link", { name: tr(lang, "All users") })).toBeVisible();
  });
}

test("a member gets no admin link, and /admin explains who may enter", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("not-operator");
  // Whether the user is an operator is asked once per page (by the menu or by the mail notice,
  // whichever comes first): collect every answer from the start.
  const answers: unknown[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/v1/admin/me")) void response.json().then((body) => answers.push(body));
  });
  await startSignedIn(page, "en", email);
  await userMenuButton(page, "en", email).click();
  await expect.poll(() => answers.at(-1)).toEqual([{ isAdmin: false }, null]);
  await expect(page.getByRole("menuitem", { name: tr("en", "Log out") })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: tr("en", "Admin area") })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: tr("en", "Admin area") })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "ADMIN_EMAILS" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: tr("en", "Admin sections") })).toHaveCount(0);
});
