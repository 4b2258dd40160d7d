import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openFirstDatabase, openWorkbench, runSql } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// Issue 23 in the browser: structure, typed filters in the URL, foreign-key links, export, CSV
// import and charts, in English and German, with axe on each state and screenshots at both sizes.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openTable(page: Page, lang: Lang, name: string): Promise<void> {
  await page.getByRole("tab", { name: tr(lang, "Table"), exact: true }).click();
  const tree = page.getByRole("region", { name: tr(lang, "Schema") });
  await tree.getByRole("button", { name: tr(lang, "Refresh") }).click();
  await tree.getByRole("button", { name, exact: true }).click();
  await expect(page.getByRole("region", { name: tr(lang, "Table {0}", { 0: name }) })).toBeVisible();
}

for (const lang of journeyLangs("de")) {
  test.describe(`database structure, filters, export, import, charts (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      test.slow();
      await useLanguage(context, lang);
    });

    test(`structure, filter in the URL, foreign-key link, export and chart (${lang})`, async ({ page }, info) => {
      await page.setViewportSize(DESKTOP);
      await startSignedIn(page, lang, uniqueEmail(`db-depth-${lang}`));
      await openWorkbench(page, lang);
      await runSql(
        page,
        `CREATE TABLE shops (id int PRIMARY KEY, city text NOT NULL);
INSERT INTO shops VALUES (1, 'Berlin'), (2, 'Hamburg');
CREATE TABLE sales (id int PRIMARY KEY, shop_id int REFERENCES shops(id), day date, amount numeric(8,2) CHECK (amount >= 0), note text);
CREATE INDEX sales_day ON sales (day);
INSERT INTO sales SELECT g, 1 + g % 2, DATE '2024-01-01' + g, g * 10.5, CASE WHEN g % 3 = 0 THEN NULL ELSE 'n' || g END FROM generate_series(1, 12) g;`,
      );
      // The run ends before the view changes (leaving the workbench would stop it).
      await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(5);
      await page.keyboard.press("Escape");
      await openTable(page, lang, "sales");
      const table = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "sales" }) });
      await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "{n} rows", { n: "12" }));

      // Structure: columns, constraints, indexes with their definitions.
      await table.getByRole("tab", { name: tr(lang, "Structure") }).click();
      const structure = page.getByRole("region", {
        name: tr(lang, "Structure of {tableName}", { tableName: "sales" }),
      });
      await expect(structure.getByRole("rowheader", { name: /shop_id/ })).toBeVisible();
      await expect(structure.getByText("CREATE INDEX sales_day ON public.sales USING btree (day)")).toBeVisible();
      await expect(structure.getByText(/CHECK \(amount >= 0/)).toBeVisible();
      await expect(structure.getByRole("button", { name: "public.shops" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `structure ${lang}`);
      await page.screenshot({ path: info.outputPath(`structure-${lang}-1280.png`) });

      // A typed filter: amount ≥ 50 and note is not empty; kept in the URL, restored on reload.
      await table.getByRole("tab", { name: tr(lang, "Rows") }).click();
      await table.getByRole("button", { name: tr(lang, "Filter") }).click();
      const filter = table.getByRole("form", { name: tr(lang, "Filter rows") });
      await filter.getByRole("button", { name: tr(lang, "Add condition") }).click();
      await filter.getByLabel(tr(lang, "Column of condition {n}", { n: "1" })).selectOption("amount");
      await filter.getByLabel(tr(lang, "Operator of condition {n}", { n: "1" })).selectOption("ge");
      await filter.getByLabel(tr(lang, "Value of condition {n}", { n: "1" })).fill("50");
      await filter.getByRole("button", { name: tr(lang, "Add condition") }).click();
      await filter.getByLabel(tr(lang, "Column of condition {n}", { n: "2" })).selectOption("note");
      await filter.getByLabel(tr(lang, "Operator of condition {n}", { n: "2" })).selectOption("not_null");
      await filter.getByRole("button", { name: tr(lang, "Apply filter") }).click();
      // 5..12 have amount ≥ 50; of those 6, 9 and 12 have no note.
      await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "{n} rows", { n: "5" }));
      await expect(page).toHaveURL(/filter=/);
      await expectNoSeriousA11yViolations(page, `filter ${lang}`);
      await page.screenshot({ path: info.outputPath(`filter-${lang}-1280.png`) });
      await page.reload();
      await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "{n} rows", { n: "5" }));

      // Export every filtered row as CSV from the server.
      const reloaded = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "sales" }) });
      const download = page.waitForEvent("download");
      await reloaded.getByRole("button", { name: tr(lang, "Export"), exact: true }).click();
      await page.getByRole("menuitem", { name: "CSV", exact: true }).click();
      const file = await (await download).path();
      const lines = readFileSync(file, "utf8").trimEnd().split("\n");
      expect(lines[0]).toBe("id,shop_id,day,amount,note");
      expect(lines).toHaveLength(6);

      // A foreign-key cell opens the referenced row.
      await reloaded.getByRole("link", { name: /^2: / }).first().click();
      await expect(page).toHaveURL(/table=shops/);
      const shops = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "shops" }) });
      await expect(shops.getByRole("gridcell", { name: "Hamburg" })).toBeVisible();
      await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "1 row"));
      await page.goBack();
      await expect(page).toHaveURL(/table=sales/);

      // A chart of the rows: a date across, amounts up; its data as a table too.
      const sales = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "sales" }) });
      await sales.getByRole("tab", { name: tr(lang, "Chart") }).click();
      const chart = page.getByRole("img", { name: /amount/ });
      await expect(chart.locator("canvas")).toBeVisible();
      await chart.focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByText(/^day: .*amount: 52\.5/)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `chart ${lang}`);
      await page.screenshot({ path: info.outputPath(`chart-${lang}-1280.png`) });
      await page.getByLabel(tr(lang, "Show as table")).check();
      await expect(
        page.getByRole("region", { name: tr(lang, "Chart data") }).getByRole("cell", { name: "52.5" }),
      ).toBeVisible();

      // A query result: charted, and exported whole from the server.
      await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
      await runSql(page, "SELECT day, amount FROM sales ORDER BY day");
      await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(1);
      await page.keyboard.press("Escape");
      const resultDownload = page.waitForEvent("download");
      await page.getByRole("button", { name: tr(lang, "Export"), exact: true }).click();
      await page.getByRole("menuitem", { name: "CSV", exact: true }).click();
      const resultLines = readFileSync(await (await resultDownload).path(), "utf8")
        .trimEnd()
        .split("\n");
      expect(resultLines).toHaveLength(13);
      await page.getByLabel(tr(lang, "Chart"), { exact: true }).check();
      await expect(page.getByRole("img", { name: /amount/ }).locator("canvas")).toBeVisible();
      await expectNoSeriousA11yViolations(page, `query chart ${lang}`);

      // More categories than the chart has pixel columns: neighbours share a bar, and it says so.
      await runSql(page, "SELECT 'item ' || g AS name, g % 97 AS amount FROM generate_series(1, 3000) g");
      await page.keyboard.press("Escape");
      // A new result opens as rows: the chart chosen for the last one does not carry over.
      await expect(page.getByRole("checkbox", { name: tr(lang, "Chart"), exact: true })).not.toBeChecked();
      await expect(page.getByRole("img", { name: /amount/ })).toHaveCount(0);
      await page.getByRole("checkbox", { name: tr(lang, "Chart"), exact: true }).check();
      await expect(page.getByTestId("bars-combined")).toHaveText(
        tr(
          lang,
          "{points} bars are more than the chart has pixel columns: neighbouring ones are drawn as one, up to the highest among them. The arrow keys and the table give each value.",
          { points: "3000" },
        ),
      );
      const bars = page.getByRole("img", { name: /amount/ });
      await bars.focus();
      await page.keyboard.press("End");
      await expect(page.getByText("name: item 3000, amount: 90")).toBeVisible();
      await page.screenshot({ path: info.outputPath(`bars-${lang}-1280.png`) });

      // Two series ten times apart: the larger one is drawn against a second axis on the right.
      await runSql(
        page,
        "SELECT g AS day, g * 10 AS orders, g * 12500 AS revenue, 'week ' || g AS label FROM generate_series(1, 12) g",
      );
      await page.keyboard.press("Escape");
      // In the grid, numbers are right-aligned and text is not.
      const grid = page.getByTestId("result-grid");
      await expect(grid.locator('td[data-cell="0:2"]')).toHaveCSS("text-align", "right");
      await expect(grid.locator('td[data-cell="0:3"]')).not.toHaveCSS("text-align", "right");
      await expect(page.getByTestId("result-summary")).toContainText(
        new Intl.NumberFormat(lang).format(12) + (lang === "de" ? " Zeilen" : " rows"),
      );
      await page.getByRole("checkbox", { name: tr(lang, "Chart"), exact: true }).check();
      const twoAxes = page.getByRole("region", { name: tr(lang, "Chart"), exact: true });
      await expect(twoAxes.locator(".u-axis")).toHaveCount(3);
      await page.screenshot({ path: `/tmp/polish-two-axes-${lang}.png` });

      // One row is "1 row" ("1 Zeile"), not "1 rows".
      await runSql(page, "SELECT 1 AS one");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("result-summary")).toContainText(lang === "de" ? "1 Zeile in" : "1 row in");

      await page.setViewportSize(PHONE);
      await expectNoPageScrollSideways(page);
      await page.screenshot({ path: info.outputPath(`chart-${lang}-390.png`) });
    });

    test(`CSV import into the table on screen and a new table, a refused line named (${lang})`, async ({
      page,
    }, info) => {
      await page.setViewportSize(PHONE);
      await startSignedIn(page, lang, uniqueEmail(`db-import-${lang}`));
      await openFirstDatabase(page, lang, { phone: true });
      await page.setViewportSize(DESKTOP);
      await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
      // aaa_first sorts ahead of people: a dialog that took the list's first table would offer it.
      await runSql(
        page,
        "CREATE TABLE aaa_first (code text);\nCREATE TABLE people (id int PRIMARY KEY, name text NOT NULL, born date);",
      );
      await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(2);
      await page.keyboard.press("Escape");
      await openTable(page, lang, "people");
      // Opened by reload, the page renders before the schema's table list arrives.
      await page.reload();
      await expect(page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "people" }) })).toBeVisible();

      const dir = mkdtempSync(join(tmpdir(), "import-"));
      const bad = join(dir, "people.csv");
      writeFileSync(bad, "id,name,born\n1,Ann,2000-01-02\n2,Bob,not a date\n");
      await page.getByRole("button", { name: tr(lang, "Import CSV") }).click();
      const intoPeople = tr(lang, "Import a CSV file into {tableName}", { tableName: "people" });
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: intoPeople, exact: true })).toBeVisible();
      await dialog.getByLabel(tr(lang, "CSV file")).setInputFiles(bad);
      await expect(dialog.getByRole("region", { name: tr(lang, "Preview") }).getByText("Bob")).toBeVisible();
      await expect(dialog.getByLabel(tr(lang, "Table"), { exact: true })).toHaveValue("people");
      await expect(dialog.getByLabel(tr(lang, "Table column for {name}", { name: "born" }))).toHaveValue("born");
      await expectNoSeriousA11yViolations(page, `import preview ${lang}`, { modalOpen: true });
      await dialog.getByRole("button", { name: tr(lang, "Import"), exact: true }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        tr(lang, "Line {line} was refused (column {column}): {reason}", {
          line: "3",
          column: "born",
          reason: "",
        }).trim(),
      );
      await page.screenshot({ path: info.outputPath(`import-error-${lang}-1280.png`) });

      const good = join(dir, "good.csv");
      writeFileSync(good, "id,name,born\n1,Ann,2000-01-02\n2,Bob,\n");
      await dialog.getByLabel(tr(lang, "CSV file")).setInputFiles(good);
      await expect(dialog.getByRole("region", { name: tr(lang, "Preview") }).getByText("Ann")).toBeVisible();
      await dialog.getByRole("button", { name: tr(lang, "Import"), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "{n} rows", { n: "2" }));

      // Into a new table with the proposed types, on a phone.
      await page.setViewportSize(PHONE);
      const other = join(dir, "Visits 2024.csv");
      writeFileSync(other, "day;count;ok\n2024-01-01;3;true\n2024-01-02;5;false\n");
      await page.getByRole("button", { name: tr(lang, "Import CSV") }).click();
      await expect(dialog.getByRole("heading", { name: intoPeople, exact: true })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`import-target-${lang}-390.png`) });
      await dialog.getByLabel(tr(lang, "CSV file")).setInputFiles(other);
      await dialog.getByLabel(tr(lang, "A new table")).check();
      await expect(
        dialog.getByRole("heading", { name: tr(lang, "Import a CSV file into a new table"), exact: true }),
      ).toBeVisible();
      await expect(dialog.getByLabel(tr(lang, "Table name"))).toHaveValue("visits_2024");
      await expect(dialog.getByLabel(tr(lang, "Type of column {0}", { 0: "1" }))).toHaveValue("date");
      await expect(dialog.getByLabel(tr(lang, "Type of column {0}", { 0: "2" }))).toHaveValue("bigint");
      await expect(dialog.getByLabel(tr(lang, "Type of column {0}", { 0: "3" }))).toHaveValue("boolean");
      await expectNoSeriousA11yViolations(page, `import new table ${lang}`, { modalOpen: true });
      await page.screenshot({ path: info.outputPath(`import-new-${lang}-390.png`) });
      await dialog.getByRole("button", { name: tr(lang, "Import"), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(tr(lang, "Imported {0} rows into {1}.", { 0: "2", 1: "visits_2024" })).first(),
      ).toBeVisible();
    });
  });
}
