import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";

for (const lang of journeyLangs("en")) {
  test(`the database page's state lives in the URL: reload, back and a shared link restore it (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page, lang, uniqueEmail(`db-url-${lang}`));
    await openWorkbench(page, lang);
    await runSql(
      page,
      "CREATE TABLE herb (id int PRIMARY KEY, name text);\nINSERT INTO herb SELECT g, 'herb ' || g FROM generate_series(1, 130) g;",
    );
    await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(2);
    await page.getByRole("button", { name: tr(lang, "Refresh") }).click();
    await page
      .getByRole("region", { name: tr(lang, "Schema") })
      .getByRole("button", { name: "herb", exact: true })
      .click();
    await expect(page).toHaveURL(/view=table/);
    await expect(page).toHaveURL(/table=herb/);
    const table = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "herb" }) });
    const grid = table.getByRole("grid");
    const pageLabel = (n: number) => table.getByText(tr(lang, "Page {page}", { page: String(n) }), { exact: true });

    // Next seeks by key: the URL carries the page and its cursor.
    await table.getByRole("button", { name: tr(lang, "Next") }).click();
    await expect(pageLabel(2)).toBeVisible();
    await expect(grid.getByRole("gridcell", { name: "herb 51", exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("after")).toBe('["50"]');
    await table.getByRole("button", { name: tr(lang, "Next") }).click();
    await expect(grid.getByRole("gridcell", { name: "herb 101", exact: true })).toBeVisible();
    await table.getByRole("button", { name: tr(lang, "Previous") }).click();
    await expect(pageLabel(2)).toBeVisible();
    await expect(grid.getByRole("gridcell", { name: "herb 51", exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("before")).toBe('["101"]');

    // Page size, sort and search go into the URL too.
    await table.getByLabel(tr(lang, "Rows per page")).selectOption("25");
    const idHeader = grid.getByRole("columnheader").nth(1);
    await idHeader.getByRole("button").click();
    await idHeader.getByRole("button").click();
    await expect(idHeader).toHaveAttribute("aria-sort", "descending");
    await table.getByLabel(tr(lang, "Search column")).selectOption("name");
    await table.getByLabel(tr(lang, "Search value")).fill("herb 1");
    await table.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();
    await expect(grid.getByRole("row").nth(1)).toContainText("herb 130");
    await table.getByRole("button", { name: tr(lang, "Next") }).click();
    await expect(pageLabel(2)).toBeVisible();
    // 42 names contain "herb 1"; newest first, the second page of 25 starts at the 26th, herb 105.
    await expect(grid.getByRole("row").nth(1)).toContainText("herb 105");
    const shared = page.url();
    const url = new URL(shared);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      view: "table",
      table: "herb",
      page: "2",
      size: "25",
      sort: "id",
      dir: "desc",
      col: "name",
      q: "herb 1",
    });
    const secondPageFirst = await grid.getByRole("row").nth(1).textContent();

    // A reload restores all of it, the search form included.
    await page.reload();
    await expect(pageLabel(2)).toBeVisible();
    await expect(grid.getByRole("row").nth(1)).toHaveText(secondPageFirst ?? "");
    await expect(table.getByLabel(tr(lang, "Search value"))).toHaveValue("herb 1");
    await expect(table.getByLabel(tr(lang, "Rows per page"))).toHaveValue("25");
    await expectNoSeriousA11yViolations(page, `table from URL ${lang}`);

    // Back returns to the first page of the search, and back again to before the search.
    await page.goBack();
    await expect(pageLabel(1)).toBeVisible();
    await expect(grid.getByRole("row").nth(1)).toContainText("herb 130");
    await page.goBack();
    await expect(table.getByLabel(tr(lang, "Search value"))).toHaveValue("");
    await page.goForward();
    await page.goForward();
    await expect(pageLabel(2)).toBeVisible();

    // A shared link opens the same page for another session of the same user.
    const other = await browser.newContext();
    await other.addCookies(await context.cookies());
    const second = await other.newPage();
    await second.setViewportSize({ width: 1280, height: 800 });
    await second.goto(shared);
    const again = second.getByRole("region", { name: tr(lang, "Table {0}", { 0: "herb" }) });
    await expect(again.getByRole("grid").getByRole("row").nth(1)).toHaveText(secondPageFirst ?? "");
    await other.close();

    // The SQL view is in the URL as well.
    await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
    await page.reload();
    await expect(page.getByRole("tab", { name: tr(lang, "SQL"), exact: true })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.goBack();
    await expect(pageLabel(2)).toBeVisible();
  });
}
