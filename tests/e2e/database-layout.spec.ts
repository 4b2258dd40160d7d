import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openFirstDatabase, runSql } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const EIGHT_COLUMNS = "SELECT 1 AS a, 2 AS b, 3 AS c, 4 AS d, 5 AS e, 6 AS f, 7 AS g, 8 AS h";

for (const lang of LANGS) {
  test.describe(`database page layout (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      test.slow();
      await useLanguage(context, lang);
    });

    if (lang === SIZE_LANG.desktop)
      test(`desktop 1280x800: editor above results, full width, resizable, toolbar on one line (${lang})`, async ({
        page,
      }, info) => {
        await page.setViewportSize(DESKTOP);
        await startSignedIn(page, lang, uniqueEmail(`db-layout-${lang}`));
        await openFirstDatabase(page, lang);
        await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
        const editor = page.getByTestId("sql-editor");
        await expect(editor.locator(".monaco-editor")).toBeVisible();

        // The editor takes the main area's width: at least 640 px beside the app sidebar and the tree.
        const editorBox = await editor.boundingBox();
        expect(editorBox?.width ?? 0).toBeGreaterThanOrEqual(640);

        // The toolbar is one line in both languages.
        const toolbar = page.getByRole("toolbar", { name: tr(lang, "SQL actions") });
        const toolbarBox = await toolbar.boundingBox();
        expect(toolbarBox?.height ?? 99).toBeLessThanOrEqual(40);

        // Eight short columns are wholly in view, and the results sit below the editor.
        await runSql(page, EIGHT_COLUMNS);
        // Typing opened Monaco's suggestions (its own widget, with ARIA axe does not accept): closed.
        await page.keyboard.press("Escape");
        const grid = page.getByRole("grid", { name: tr(lang, "Result") });
        await expect(grid.getByRole("columnheader")).toHaveCount(8);
        const scroller = page.getByTestId("result-grid");
        const scrollerBox = await scroller.boundingBox();
        expect(scrollerBox?.y ?? 0).toBeGreaterThan((editorBox?.y ?? 0) + (editorBox?.height ?? 0));
        const lastHeader = await grid.getByRole("columnheader").last().boundingBox();
        expect((lastHeader?.x ?? 0) + (lastHeader?.width ?? 0)).toBeLessThanOrEqual(
          (scrollerBox?.x ?? 0) + (scrollerBox?.width ?? 0),
        );
        await expectNoPageScrollSideways(page);
        await page.screenshot({ path: info.outputPath(`desktop-${lang}.png`) });
        await expectNoSeriousA11yViolations(page, `workbench desktop ${lang}`);

        // The divider: the keyboard moves it (arrow keys), a drag moves it, and the split is remembered.
        const divider = page.getByRole("separator", { name: tr(lang, "Resize editor and results") });
        const before = (await editor.boundingBox())?.height ?? 0;
        await divider.focus();
        for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
        await expect.poll(async () => (await editor.boundingBox())?.height ?? 0).toBeGreaterThan(before + 20);
        const afterKeys = (await editor.boundingBox())?.height ?? 0;
        const handle = await divider.boundingBox();
        if (!handle) throw new Error("no divider");
        await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
        await page.mouse.down();
        await page.mouse.move(handle.x + handle.width / 2, handle.y - 100, { steps: 5 });
        await page.mouse.up();
        await expect.poll(async () => (await editor.boundingBox())?.height ?? 0).toBeLessThan(afterKeys - 60);
        const dragged = (await editor.boundingBox())?.height ?? 0;
        await page.reload();
        await expect(editor.locator(".monaco-editor")).toBeVisible();
        await expect.poll(async () => Math.round((await editor.boundingBox())?.height ?? 0)).toBeCloseTo(dragged, -1);

        // The schema panel collapses and comes back; history and snippets open in a drawer.
        await page.getByRole("button", { name: tr(lang, "Hide schema") }).click();
        await expect(page.getByRole("region", { name: tr(lang, "Schema") })).toHaveCount(0);
        await page.getByRole("button", { name: tr(lang, "Show schema") }).click();
        await expect(page.getByRole("region", { name: tr(lang, "Schema") })).toBeVisible();
        await page.getByRole("button", { name: tr(lang, "History and snippets") }).click();
        const drawer = page.getByRole("dialog", { name: tr(lang, "History and snippets") });
        await expect(drawer.getByRole("region", { name: tr(lang, "History") })).toContainText("SELECT 1 AS a");
        await page.screenshot({ path: info.outputPath(`desktop-history-${lang}.png`) });
        await expectNoSeriousA11yViolations(page, `history drawer ${lang}`, { modalOpen: true });
        await page.keyboard.press("Escape");
        await expect(drawer).toHaveCount(0);

        // The overflow menu holds the other actions, each with its shortcut.
        await page.getByRole("button", { name: tr(lang, "More SQL actions") }).click();
        const explain = page.getByRole("menuitem", { name: tr(lang, "Explain"), exact: true });
        await expect(explain).toContainText("F7");
        await expect(explain).toHaveAttribute("aria-keyshortcuts", "F7");
        await page.keyboard.press("Escape");
      });

    if (lang === SIZE_LANG.phone)
      test(`phone 390x844: nothing wider than the screen, tree and panels in drawers (${lang})`, async ({
        page,
      }, info) => {
        await page.setViewportSize(PHONE);
        await startSignedIn(page, lang, uniqueEmail(`db-phone-${lang}`));
        await openFirstDatabase(page, lang, { phone: true });
        await expectNoPageScrollSideways(page);
        await page.screenshot({ path: info.outputPath(`phone-table-${lang}.png`) });

        await page.getByRole("button", { name: tr(lang, "Show schema") }).click();
        const tree = page.getByRole("dialog", { name: tr(lang, "Schema") });
        await expect(tree.getByRole("region", { name: tr(lang, "Schema") })).toBeVisible();
        await page.screenshot({ path: info.outputPath(`phone-tree-${lang}.png`) });
        await expectNoSeriousA11yViolations(page, `phone tree ${lang}`, { modalOpen: true });
        await page.keyboard.press("Escape");

        await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
        const editor = page.getByTestId("sql-editor");
        await expect(editor.locator(".monaco-editor")).toBeVisible();
        expect((await editor.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 40);
        await runSql(page, EIGHT_COLUMNS);
        // Typing opened Monaco's suggestions (its own widget, with ARIA axe does not accept): closed.
        await page.keyboard.press("Escape");
        const grid = page.getByRole("grid", { name: tr(lang, "Result") });
        await expect(grid.getByRole("columnheader")).toHaveCount(8);
        // The grid scrolls inside itself; the page does not.
        const scroller = page.getByTestId("result-grid");
        expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await expectNoPageScrollSideways(page);
        await page.screenshot({ path: info.outputPath(`phone-sql-${lang}.png`) });
        await expectNoSeriousA11yViolations(page, `phone workbench ${lang}`);
      });
  });
}
