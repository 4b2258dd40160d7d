import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";

const SETUP = `CREATE TABLE plant (id int PRIMARY KEY, name text NOT NULL, info jsonb, note text);
INSERT INTO plant SELECT g, 'plant ' || g, NULL, NULL FROM generate_series(1, 60) g;
UPDATE plant SET info = '{"leaf": "green", "sizes": [1, 2]}', note = repeat('n', 12000) WHERE id = 1;
CREATE TABLE visit (seen text);
INSERT INTO visit VALUES ('once');`;

for (const lang of journeyLangs("de")) {
  test.describe(`database rows (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      // Signs a new user up, and project initialisation can take a while (see session.ts).
      test.slow();
      await useLanguage(context, lang);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    });

    test("page, edit a cell, insert and delete rows, a failing change, the cell viewer, read-only tables", async ({
      page,
    }) => {
      await startSignedIn(page, lang, uniqueEmail("db-rows"));
      await openWorkbench(page, lang);
      await runSql(page, SETUP);
      await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(5);

      await page.getByRole("button", { name: tr(lang, "Refresh") }).click();
      const tree = page.getByRole("region", { name: tr(lang, "Schema") });
      await tree.getByRole("button", { name: "plant", exact: true }).click();
      const table = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "plant" }) });
      const grid = table.getByRole("grid");
      const count = page.getByTestId("row-count");
      await expect(count).toHaveText(tr(lang, "{n} rows", { n: "60" }));

      // Pages: 50 rows, then the last 10; a smaller page size starts again on page 1.
      // aria-rowcount counts the header row too.
      await expect(grid).toHaveAttribute("aria-rowcount", "51");
      await expect(grid.getByRole("gridcell", { name: "plant 2", exact: true })).toBeVisible();
      // Virtualized: of the 50 rows, only those in view (and a few around them) are in the DOM.
      const scroller = page.getByTestId("result-grid");
      const inView = await scroller.evaluate((element) => Math.ceil(element.clientHeight / 28));
      expect(inView).toBeLessThan(25);
      expect(await grid.locator("tbody tr").count()).toBeLessThanOrEqual(2 * inView);
      // Scrolling reuses row elements for other rows, but the focused cell stays with its own row.
      await grid.getByRole("gridcell", { name: "plant 6", exact: true }).click();
      await scroller.evaluate(async (element) => {
        element.scrollTop = 6 * 28;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      await expect(grid.locator("tbody tr").first()).toHaveAttribute("aria-rowindex", "4");
      await expect(page.locator(":focus")).toHaveText("plant 6");
      await expect(page.locator(":focus")).toHaveAttribute("data-cell", "5:1");
      await scroller.evaluate((element) => {
        element.scrollTop = 0;
      });
      await table.getByRole("button", { name: tr(lang, "Next") }).click();
      await expect(table.getByText(tr(lang, "Page {page}", { page: "2" }), { exact: true })).toBeVisible();
      await expect(grid).toHaveAttribute("aria-rowcount", "11");
      await expect(grid.getByRole("gridcell", { name: "plant 51", exact: true })).toBeVisible();
      await expect(grid.getByRole("gridcell", { name: "plant 2", exact: true })).toHaveCount(0);
      await table.getByLabel(tr(lang, "Rows per page")).selectOption("25");
      await expect(table.getByText(tr(lang, "Page {page}", { page: "1" }), { exact: true })).toBeVisible();
      await expect(grid).toHaveAttribute("aria-rowcount", "26");
      await grid.getByRole("gridcell", { name: "plant 1", exact: true }).click();
      await page.keyboard.press("ControlOrMeta+End");
      await expect(grid.getByRole("gridcell", { name: "plant 25", exact: true })).toBeVisible();
      await page.keyboard.press("ControlOrMeta+Home");
      // The virtual rows move back up as the grid scrolls: the next click waits for the grid at rest
      // (a click while rows still move can land on the row that moved under the pointer).
      await expect(grid.getByRole("gridcell", { name: "plant 1", exact: true })).toBeInViewport();
      await expect(scroller).not.toHaveAttribute("data-scrolling");

      // The grid holds one tab stop; arrow keys move it, Ctrl+C copies the cell.
      await grid.getByRole("gridcell", { name: "plant 2", exact: true }).click();
      await expect(grid.getByRole("gridcell", { name: "plant 2", exact: true })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(grid.getByRole("gridcell", { name: "plant 3", exact: true })).toBeFocused();
      await page.keyboard.press("ControlOrMeta+c");
      await expect(table.getByRole("status").filter({ hasText: tr(lang, "Cell copied") })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("plant 3");
      await page.keyboard.press("ControlOrMeta+Shift+c");
      await expect(table.getByRole("status").filter({ hasText: tr(lang, "Row copied") })).toBeVisible();
      expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({
        id: 3,
        name: "plant 3",
        info: null,
        note: null,
      });
      await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
      // Alt+Right widens the active cell's column (the resize handle is pointer-only).
      const nameWidth = () =>
        grid
          .getByRole("columnheader")
          .nth(2)
          .evaluate((e) => e.getBoundingClientRect().width);
      const before = await nameWidth();
      await page.keyboard.press("Alt+ArrowRight");
      await expect.poll(nameWidth).toBe(before + 24);

      // Edit a cell inline: it shows as pending until applied.
      await grid.getByRole("gridcell", { name: "plant 2", exact: true }).dblclick();
      const editor = grid.getByRole("textbox", { name: tr(lang, "Edit {0}", { 0: "name" }) });
      await editor.fill("fern");
      await editor.press("Enter");
      const pending = table.getByRole("region", { name: tr(lang, "Pending changes") });
      await expect(pending).toContainText(tr(lang, "Pending changes: {count}", { count: "1" }));
      await expect(pending).toContainText("id = 2");
      await expect(pending).toContainText("name = fern");
      await expectNoSeriousA11yViolations(page, `${lang} table browser with a pending edit`);

      // Insert a row, and mark two rows for deletion.
      await table.getByRole("button", { name: tr(lang, "Insert row") }).click();
      const dialog = page.getByRole("dialog", { name: tr(lang, "Insert a row") });
      await dialog.getByLabel(/^id/).fill("100");
      await dialog.getByLabel(/^name/).fill("new plant");
      await dialog.getByRole("button", { name: tr(lang, "Add to changes") }).click();
      await grid.getByRole("checkbox", { name: tr(lang, "Select row {0}", { 0: "4" }) }).check();
      // Space on a cell selects its row, as the checkbox does.
      await grid.getByRole("gridcell", { name: "plant 5", exact: true }).click();
      await page.keyboard.press("Space");
      await expect(grid.getByRole("checkbox", { name: tr(lang, "Select row {0}", { 0: "5" }) })).toBeChecked();
      await table.getByRole("button", { name: tr(lang, "Delete selected ({0})", { 0: "2" }) }).click();
      await expect(pending).toContainText(tr(lang, "Pending changes: {count}", { count: "4" }));
      await expect(grid.locator("tr[data-deleted]")).toHaveCount(2);
      await pending.getByRole("button", { name: tr(lang, "Apply changes") }).click();
      await expect(
        table.getByRole("status").filter({ hasText: tr(lang, "{applied} changes applied.", { applied: "4" }) }),
      ).toBeVisible();
      await expect(pending).toHaveCount(0);
      await expect(count).toHaveText(tr(lang, "{n} rows", { n: "59" }));
      await expect(grid.getByRole("gridcell", { name: "fern", exact: true })).toBeVisible();
      await expect(grid.getByRole("gridcell", { name: "plant 4", exact: true })).toHaveCount(0);
      await expect(grid.getByRole("gridcell", { name: "plant 5", exact: true })).toHaveCount(0);

      // A change the database refuses: the database's message, and nothing applied.
      await grid.getByRole("gridcell", { name: "plant 3", exact: true }).dblclick();
      await grid.getByRole("textbox", { name: tr(lang, "Edit {0}", { 0: "name" }) }).fill("thyme");
      await page.keyboard.press("Enter");
      await table.getByRole("button", { name: tr(lang, "Insert row") }).click();
      await dialog.getByLabel(/^id/).fill("1");
      await dialog.getByLabel(/^name/).fill("duplicate");
      await dialog.getByRole("button", { name: tr(lang, "Add to changes") }).click();
      await pending.getByRole("button", { name: tr(lang, "Apply changes") }).click();
      // Our sentence in the reader's language, then PostgreSQL's own words.
      await expect(pending.getByRole("alert")).toContainText(
        tr(lang, "The database refused this: {reason}", { reason: "duplicate key value violates unique constraint" }),
      );
      await expect(pending).toContainText(tr(lang, "Pending changes: {count}", { count: "2" }));
      await pending.getByRole("button", { name: tr(lang, "Discard") }).click();
      await expect(grid.getByRole("gridcell", { name: "plant 3", exact: true })).toBeVisible();
      await expect(grid.getByRole("gridcell", { name: "thyme", exact: true })).toHaveCount(0);
      // A search value without a column asks for the column rather than showing every row.
      await table.getByLabel(tr(lang, "Search value")).fill("thyme");
      await table.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();
      await expect(table.getByRole("alert")).toHaveText(tr(lang, "Choose the column to search in."));
      await expect(count).toHaveText(tr(lang, "{n} rows", { n: "59" }));
      await table.getByLabel(tr(lang, "Search column")).selectOption("name");
      await expect(table.getByRole("alert")).toHaveCount(0);
      await table.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();
      await expect(count).toHaveText(tr(lang, "{n} rows", { n: "0" }));

      // Search, then sort descending by id: the row with JSON and the long note comes last.
      await table.getByLabel(tr(lang, "Search value")).fill("plant 1");
      await table.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();
      await expect(count).toHaveText(tr(lang, "{n} rows", { n: "11" }));
      // Column 0 holds the selection checkboxes.
      const idHeader = grid.getByRole("columnheader").nth(1);
      await idHeader.getByRole("button").click();
      await idHeader.getByRole("button").click();
      await expect(idHeader).toHaveAttribute("aria-sort", "descending");
      await expect(grid.getByRole("row").nth(1)).toContainText("plant 19");
      await expect(grid.getByRole("row").last()).toContainText("plant 1");

      // Export of the current result, read back from the downloaded files: whole values, not the cut ones.
      const csvDownload = page.waitForEvent("download");
      await table.getByRole("button", { name: tr(lang, "Export CSV") }).click();
      const csvFile = await csvDownload;
      expect(csvFile.suggestedFilename()).toBe("plant.csv");
      const csvLines = readFileSync(await csvFile.path(), "utf8").split("\r\n");
      expect(csvLines).toHaveLength(12);
      expect(csvLines[0]).toBe("id,name,info,note");
      expect(csvLines[1]).toBe("19,plant 19,,");
      expect(csvLines[11]).toBe(`1,plant 1,"{""leaf"":""green"",""sizes"":[1,2]}",${"n".repeat(12_000)}`);
      const jsonDownload = page.waitForEvent("download");
      await table.getByRole("button", { name: tr(lang, "Export JSON") }).click();
      const exported = JSON.parse(readFileSync(await (await jsonDownload).path(), "utf8")) as unknown[];
      expect(exported).toHaveLength(11);
      expect(exported[0]).toEqual({ id: 19, name: "plant 19", info: null, note: null });
      expect(exported[10]).toEqual({
        id: 1,
        name: "plant 1",
        info: { leaf: "green", sizes: [1, 2] },
        note: "n".repeat(12_000),
      });

      // The cell viewer: JSON pretty-printed; a long text cut on the server, loaded whole on demand.
      const info = grid.getByRole("gridcell", { name: /"leaf":"green"/ });
      await info.click();
      await page.keyboard.press("Shift+Enter");
      const viewer = page.getByRole("dialog", { name: tr(lang, "Cell {0}", { 0: "info" }) });
      await expect(viewer.getByTestId("cell-viewer-text")).toHaveText(
        JSON.stringify({ leaf: "green", sizes: [1, 2] }, null, 2),
      );
      await expectNoSeriousA11yViolations(page, `${lang} cell viewer`);
      await viewer.getByRole("button", { name: tr(lang, "Copy value") }).click();
      await expect(viewer.getByRole("status")).toHaveText(tr(lang, "Copied"));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"leaf": "green"');
      await page.keyboard.press("Escape");
      await expect(info).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Shift+Enter");
      const note = page.getByRole("dialog", { name: tr(lang, "Cell {0}", { 0: "note" }) });
      await expect(note).toContainText(tr(lang, "Only the start of this value was loaded."));
      expect((await note.getByTestId("cell-viewer-text").textContent())?.length).toBe(10_000);
      await note.getByRole("button", { name: tr(lang, "Load whole value") }).click();
      await expect(note.getByText(tr(lang, "Only the start of this value was loaded."))).toHaveCount(0);
      expect((await note.getByTestId("cell-viewer-text").textContent())?.length).toBe(12_000);
      await page.keyboard.press("Escape");

      // A table without a primary key is read-only, and says so.
      await tree.getByRole("button", { name: "visit", exact: true }).click();
      const visit = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "visit" }) });
      await expect(visit.getByRole("gridcell", { name: "once" })).toBeVisible();
      await expect(count).toHaveText(tr(lang, "1 row"));
      await expect(visit.getByTestId("read-only-notice")).toHaveText(
        tr(lang, "Read-only: this table has no primary key, so its rows cannot be told apart for editing."),
      );
      await expect(visit.getByRole("button", { name: tr(lang, "Insert row") })).toHaveCount(0);
      await expect(visit.getByRole("checkbox")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `${lang} read-only table`);
      await visit.getByRole("gridcell", { name: "once" }).dblclick();
      await expect(visit.getByRole("textbox")).toHaveCount(0);
    });
  });
}
