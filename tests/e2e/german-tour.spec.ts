import { expect, type Page, test } from "@playwright/test";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openFirstDatabase } from "./helpers/sql-editor.ts";
import { untilToastsGone } from "./helpers/toasts.ts";
import { expectNoEnglishLeft } from "./helpers/untranslated.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// Each journey runs in one language (journeyLangs in helpers/catalog.ts); this tour is what makes
// that safe: every screen of the signed-in app and the admin area, loaded in German at both widths,
// must show no English text of the catalog, fit the screen and pass axe.

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A screen, once what it loads has arrived: its heading, then no request in flight. */
async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

async function checkScreen(page: Page, where: string): Promise<void> {
  await expectNoEnglishLeft(page, where);
  await expectNoPageScrollSideways(page);
  await expectNoSeriousA11yViolations(page, `de ${where}`);
}

async function tour(page: Page, screens: readonly (readonly [path: string, heading: string])[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [path, heading] of screens) {
      await visit(page, path, heading);
      await checkScreen(page, `${path} at ${size.width} px`);
    }
  }
}

test("every screen of the signed-in app is German at 1280 and 390 px", async ({ page, context }) => {
  test.slow();
  await useLanguage(context, "de");
  await startSignedIn(page, "de", uniqueEmail("tour"));
  const appId = await createApp(page, "de", "Rundgang", "Eine App für den Rundgang");

  await untilToastsGone(page);
  await page.getByRole("button", { name: new RegExp(`^${tr("de", "Workspace")} `) }).click();
  await page.getByRole("menuitem", { name: tr("de", "Create team") }).click();
  const dialog = page.getByRole("dialog", { name: tr("de", "Create team") });
  await dialog.getByLabel(tr("de", "Team name")).fill("Rundgang-Team");
  await dialog.getByRole("button", { name: tr("de", "Create team") }).click();
  await expect(page.getByRole("heading", { name: "Rundgang-Team", level: 1 })).toBeVisible();
  const teamPath = new URL(page.url()).pathname;

  await openFirstDatabase(page, "de");
  const databasePath = new URL(page.url()).pathname;
  await expect(page.getByRole("region", { name: tr("de", "Schema") })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await checkScreen(page, `${databasePath} at 1280 px`);

  await tour(page, [
    ["/", tr("de", "Your Apps")],
    [`/apps/${appId}`, "Rundgang"],
    [teamPath, "Rundgang-Team"],
    ["/account", tr("de", "Account settings")],
    ["/api-keys", tr("de", "API keys")],
  ]);
});

test("every screen of the admin area is German at 1280 and 390 px", async ({ page, context }) => {
  test.slow();
  await useLanguage(context, "de");
  await signInAsOperator(page, "de", OPERATOR_EMAILS.tour.de);
  await tour(page, [
    ["/admin", tr("de", "Overview")],
    ["/admin/users", tr("de", "Users")],
    ["/admin/teams", tr("de", "Teams")],
    ["/admin/permissions", tr("de", "Permissions")],
    ["/admin/domains", tr("de", "Domains and sign-in")],
    ["/admin/keys", tr("de", "API keys")],
    ["/admin/emails", tr("de", "E-mails")],
    ["/admin/webhooks", tr("de", "Webhooks")],
    ["/admin/backups", tr("de", "Backups")],
    ["/admin/audit", tr("de", "Audit log")],
  ]);
});
