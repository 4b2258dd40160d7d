import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { tr } from "./helpers/catalog.ts";
import { startSignedIn, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

const PUBLIC_PAGES = [
  "/login",
  "/signup",
  "/recover",
  "/handler/password-reset",
  "/handler/password-reset?code=abc",
  "/handler/error?message=Denied&errorCode=SOME_CODE",
  "/verify-email",
  "/no/such/page",
];

for (const lang of ["en", "de"] as const) {
  test(`public pages have no serious axe violations (${lang})`, async ({ page, context }) => {
    await useLanguage(context, lang);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator("main, [role=main]").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoSeriousA11yViolations(page, `${lang} ${path}`);
    }
  });
}

test("signed-in pages and dialogs have no serious axe violations", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("axe");
  await startSignedIn(page, "en", email);
  await expectNoSeriousA11yViolations(page, "home");

  await page
    .getByRole("navigation")
    .getByRole("link", { name: tr("en", "Create App") })
    .click();
  const create = page.getByRole("dialog", { name: tr("en", "Create new app") });
  await expect(create).toBeVisible();
  await expectNoSeriousA11yViolations(page, "create dialog", { modalOpen: true });
  await create.getByLabel(tr("en", "Title")).fill("Accessible");
  await create.getByRole("button", { name: tr("en", "Create App") }).click();
  await expect(page).toHaveURL(/\/apps\//);
  await expectNoSeriousA11yViolations(page, "app view");

  const env = page.getByRole("region", { name: tr("en", "Environment Variables") });
  await env.getByRole("button", { name: tr("en", "Add New") }).click();
  await env.getByLabel(tr("en", "Key"), { exact: true }).fill("TOKEN");
  await env.getByLabel(tr("en", "Value"), { exact: true }).fill("secret");
  await env.getByRole("button", { name: tr("en", "Add"), exact: true }).click();
  await expect(env.getByText("TOKEN")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "app page with environment variables");

  await page.getByRole("button", { name: tr("en", "Delete App") }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "delete dialog", { modalOpen: true });
  await page.keyboard.press("Escape");

  await userMenuButton(page, "en", email).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "user menu", { modalOpen: true });
  await page.keyboard.press("Escape");

  await page.keyboard.press("Control+b");
  await expectNoSeriousA11yViolations(page, "collapsed sidebar");

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("button", { name: tr("en", "Toggle sidebar") }).click();
  await expect(page.getByRole("dialog", { name: tr("en", "Navigation") })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "mobile drawer", { modalOpen: true });
});
