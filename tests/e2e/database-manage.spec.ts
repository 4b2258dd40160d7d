import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import pg from "pg";
import { createScratchDatabase } from "../helpers/postgres.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, type Lang, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

async function openCreateFromSidebar(page: Page, lang: Lang, phone: boolean) {
  if (phone) await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
  await page
    .getByRole("region", { name: tr(lang, "Databases") })
    .getByRole("button", { name: tr(lang, "New database") })
    .click();
  return page.getByRole("dialog", { name: tr(lang, "New database") });
}

async function pageAction(page: Page, lang: Lang, item: string) {
  await page.getByRole("button", { name: tr(lang, "Database actions") }).click();
  await page.getByRole("menuitem", { name: tr(lang, item) }).click();
}

/**
 * On a phone a toast spans the screen's width just below the header, over the database page's
 * actions button (top right) for its 4 s. A click meanwhile waits for it, and when the pointer
 * reached the spot as the toast slid in, the toast stayed (sonner pauses while hovered) and the
 * click timed out. A phone user waits for the toast too.
 */
async function afterToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

for (const lang of LANGS) {
  test.describe(`managing databases (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      test.slow();
      await useLanguage(context, lang);
    });

    if (lang === SIZE_LANG.desktop)
      test(`desktop: create from the sidebar, connect PostgreSQL from the page, rename, delete (${lang})`, async ({
        page,
      }, info) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await startSignedIn(page, lang, uniqueEmail(`db-manage-${lang}`));
        const sidebarDatabases = page.getByRole("region", { name: tr(lang, "Databases") });

        // A managed database from the sidebar: created, listed, and its page opened.
        let dialog = await openCreateFromSidebar(page, lang, false);
        await expectNoSeriousA11yViolations(page, `create dialog ${lang}`, { modalOpen: true });
        await dialog.getByLabel(tr(lang, "Name"), { exact: true }).fill("garden");
        await dialog.getByRole("button", { name: tr(lang, "Create database") }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(/\/db\/[^/?]+/);
        await expect(page.getByRole("heading", { name: "garden" })).toBeVisible();
        await expect(sidebarDatabases.getByRole("link", { name: "garden" })).toBeVisible();
        const gardenUrl = page.url();

        // Downloaded as SQL from the page's menu (a PGlite store's database by the WASM pg_dump 18):
        // the file named after the database and the time, pg_dump's header in it.
        await pageAction(page, lang, "Download SQL…");
        const download = page.getByRole("dialog", { name: tr(lang, "Download as SQL") });
        const saved = page.waitForEvent("download");
        await download.getByRole("button", { name: tr(lang, "Download SQL") }).click();
        const file = await saved;
        expect(file.suggestedFilename()).toMatch(/^garden-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql$/);
        expect(readFileSync(await file.path(), "utf8")).toContain("-- PostgreSQL database dump");
        await expect(download).toHaveCount(0);

        // The same name again is refused, in the user's language.
        dialog = await openCreateFromSidebar(page, lang, false);
        await dialog.getByLabel(tr(lang, "Name"), { exact: true }).fill("garden");
        await dialog.getByRole("button", { name: tr(lang, "Create database") }).click();
        await expect(dialog.getByRole("alert")).toHaveText(
          tr(lang, 'A database named "{name}" exists already.', { name: "garden" }),
        );
        await page.keyboard.press("Escape");

        // Connecting: an address the server may not reach, one that does not answer, then a real one.
        const scratch = await createScratchDatabase("e2e_connect");
        try {
          const direct = new pg.Client({ connectionString: scratch.url });
          await direct.connect();
          await direct.query(
            "CREATE TABLE outside (id int PRIMARY KEY, note text); INSERT INTO outside VALUES (1, 'hi')",
          );
          await direct.end();

          await pageAction(page, lang, "New database…");
          dialog = page.getByRole("dialog", { name: tr(lang, "New database") });
          await dialog.getByLabel(tr(lang, "Connect PostgreSQL")).check();
          await dialog.getByLabel(tr(lang, "Name"), { exact: true }).fill("outside");
          const url = dialog.getByLabel(tr(lang, "Connection URL"));
          await url.fill("postgresql://someone:secret@10.255.255.1:5432/db");
          await dialog.getByRole("button", { name: tr(lang, "Connect"), exact: true }).click();
          await expect(dialog.getByRole("alert")).toHaveText(
            tr(lang, "The server may not connect to this address (ask the operator to allow it)."),
          );
          await url.fill("postgresql://postgres@127.0.0.1:1/nothing");
          await dialog.getByRole("button", { name: tr(lang, "Connect"), exact: true }).click();
          // Our sentence in the reader's language, then the driver's own reason (not ours to translate).
          await expect(dialog.getByRole("alert")).toHaveText(
            tr(lang, "The database could not be reached: {reason}", { reason: "connect ECONNREFUSED 127.0.0.1:1" }),
          );
          await page.screenshot({ path: info.outputPath(`connect-refused-${lang}.png`) });
          await url.fill(scratch.url);
          await dialog.getByRole("button", { name: tr(lang, "Connect"), exact: true }).click();
          await expect(dialog).toHaveCount(0);
          await expect(page.getByRole("heading", { name: "outside" })).toBeVisible();
          await page
            .getByRole("region", { name: tr(lang, "Schema") })
            .getByRole("button", { name: "outside", exact: true })
            .click();
          await expect(page.getByRole("grid").getByRole("gridcell", { name: "hi", exact: true })).toBeVisible();

          // Rename from the page's menu; the sidebar follows.
          await pageAction(page, lang, "Rename…");
          const rename = page.getByRole("dialog", { name: tr(lang, "Rename database") });
          await rename.getByLabel(tr(lang, "Name"), { exact: true }).fill("outside renamed");
          await rename.getByRole("button", { name: tr(lang, "Rename"), exact: true }).click();
          await expect(rename).toHaveCount(0);
          await expect(page.getByRole("heading", { name: "outside renamed" })).toBeVisible();
          await expect(sidebarDatabases.getByRole("link", { name: "outside renamed" })).toBeVisible();

          // Delete asks for the name; an external database is only forgotten, its data stays.
          await pageAction(page, lang, "Delete…");
          const remove = page.getByRole("alertdialog", { name: tr(lang, "Delete database") });
          await expect(remove).toContainText(
            tr(lang, '"{name}" is removed from this console; the PostgreSQL database itself stays as it is.', {
              name: "outside renamed",
            }),
          );
          const confirm = remove.getByRole("button", { name: tr(lang, "Delete database") });
          await expect(confirm).toBeDisabled();
          await remove.getByRole("textbox").fill("outside");
          await expect(confirm).toBeDisabled();
          await remove.getByRole("textbox").fill("outside renamed");
          await page.screenshot({ path: info.outputPath(`delete-${lang}.png`) });
          await expectNoSeriousA11yViolations(page, `delete dialog ${lang}`, { modalOpen: true });
          await confirm.click();
          await expect(page).toHaveURL(/\/$/);
          await expect(sidebarDatabases.getByRole("link", { name: "outside renamed" })).toHaveCount(0);
          const check = new pg.Client({ connectionString: scratch.url });
          await check.connect();
          expect((await check.query("SELECT note FROM outside")).rows).toEqual([{ note: "hi" }]);
          await check.end();
        } finally {
          await scratch.drop();
        }

        // A managed database's delete takes its data: afterwards its page says it is gone.
        await page.goto(gardenUrl);
        await pageAction(page, lang, "Delete…");
        const remove = page.getByRole("alertdialog", { name: tr(lang, "Delete database") });
        await remove.getByRole("textbox").fill("garden");
        await remove.getByRole("button", { name: tr(lang, "Delete database") }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(sidebarDatabases.getByRole("link", { name: "garden" })).toHaveCount(0);
      });

    if (lang === SIZE_LANG.phone)
      test(`phone: create from the sidebar drawer, rename and delete from the page (${lang})`, async ({
        page,
      }, info) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await startSignedIn(page, lang, uniqueEmail(`db-manage-phone-${lang}`));
        const dialog = await openCreateFromSidebar(page, lang, true);
        await dialog.getByLabel(tr(lang, "Name"), { exact: true }).fill("pocket");
        await page.screenshot({ path: info.outputPath(`phone-create-${lang}.png`) });
        await dialog.getByRole("button", { name: tr(lang, "Create database") }).click();
        await expect(page.getByRole("heading", { name: "pocket" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await afterToasts(page);
        await pageAction(page, lang, "Rename…");
        const rename = page.getByRole("dialog", { name: tr(lang, "Rename database") });
        await rename.getByLabel(tr(lang, "Name"), { exact: true }).fill("pocket 2");
        await rename.getByRole("button", { name: tr(lang, "Rename"), exact: true }).click();
        await expect(page.getByRole("heading", { name: "pocket 2" })).toBeVisible();
        await afterToasts(page);
        await pageAction(page, lang, "Delete…");
        const remove = page.getByRole("alertdialog", { name: tr(lang, "Delete database") });
        await remove.getByRole("textbox").fill("pocket 2");
        await page.screenshot({ path: info.outputPath(`phone-delete-${lang}.png`) });
        await remove.getByRole("button", { name: tr(lang, "Delete database") }).click();
        await expect(page).toHaveURL(/\/$/);
      });
  });
}
