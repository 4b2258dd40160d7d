import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** Creating a branch: the same order of work as a new project's first database (PROJECT_INIT_TIMEOUT_MS). */
const BRANCH_TIMEOUT_MS = 60_000;

// An operator backs the instance up from the admin area and sees the archive listed, sealed; a user
// branches a database from its page and lands on the branch. English and German, desktop and phone.
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const lang of LANGS) {
  for (const viewport of VIEWPORTS) {
    test(`backups and branches (${lang}, ${viewport.name})`, async ({ page, context, browser }, info) => {
      test.slow();
      await useLanguage(context, lang);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      // The operator: Back up now, then the new archive in the list, sealed.
      await signInAsOperator(page, lang, OPERATOR_EMAILS.backups[lang]);
      await page.goto("/admin/backups");
      await expect(page.getByRole("heading", { name: tr(lang, "Backups"), level: 2 })).toBeVisible();
      await page.getByRole("button", { name: tr(lang, "Back up now"), exact: true }).click();
      // The run's line names its archive once written; that archive is listed, sealed.
      const written = page.getByText(/\): backup-[^ ]+\.tar/).first();
      await expect(written).toBeVisible({ timeout: 120_000 });
      const archive = /backup-[^ ]+\.tar/.exec((await written.textContent()) ?? "")?.[0] ?? "";
      const row = page.getByRole("row").filter({ hasText: archive });
      await expect(row).toContainText(tr(lang, "Sealed"));
      await expect(page.getByText(/npm run restore -- /)).toBeVisible();
      await page.screenshot({ path: `/tmp/backups-e2e-admin-${lang}-${viewport.name}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `${lang} ${viewport.name} /admin/backups`);

      // A user (another browser context): a database, then a branch of it from the page's menu.
      const userContext = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      await useLanguage(userContext, lang);
      try {
        const user = await userContext.newPage();
        await startSignedIn(user, lang, uniqueEmail(`branch-${lang}-${viewport.name}`));
        if (viewport.name === "phone") await user.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
        await user
          .getByRole("region", { name: tr(lang, "Databases") })
          .getByRole("button", { name: tr(lang, "New database") })
          .click();
        const create = user.getByRole("dialog", { name: tr(lang, "New database") });
        await create.getByLabel(tr(lang, "Name"), { exact: true }).fill("shop");
        await create.getByRole("button", { name: tr(lang, "Create database") }).click();
        await expect(user.getByRole("heading", { name: "shop" })).toBeVisible();
        const shopUrl = user.url();
        await expect(user.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

        await user.getByRole("button", { name: tr(lang, "Database actions") }).click();
        await user.getByRole("menuitem", { name: tr(lang, "Create branch…") }).click();
        const branch = user.getByRole("dialog", { name: tr(lang, "Create branch") });
        await expect(branch.getByLabel(tr(lang, "Name"), { exact: true })).toHaveValue("shop-branch");
        await branch.getByRole("radio", { name: new RegExp(tr(lang, "Schema only")) }).check();
        await user.screenshot({ path: `/tmp/backups-e2e-branch-${lang}-${viewport.name}.png` });
        await expectNoSeriousA11yViolations(user, `${lang} ${viewport.name} branch dialog`, { modalOpen: true });
        await branch.getByRole("button", { name: tr(lang, "Create branch"), exact: true }).click();
        // A branch copies a whole database (a PGlite cluster's files, then a start of the copy): seconds
        // of work that the dialog shows while it runs, longer on a busy two-core machine.
        await expect(branch).toHaveCount(0, { timeout: BRANCH_TIMEOUT_MS });
        await expect(user.getByRole("heading", { name: "shop-branch" })).toBeVisible();
        expect(user.url()).not.toBe(shopUrl);
        info.annotations.push({ type: "branch", description: user.url() });
      } finally {
        await userContext.close();
      }
    });
  }
}
