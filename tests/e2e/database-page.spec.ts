import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";

const lang = "en";

test.describe("database page", () => {
  test.beforeEach(async ({ context }) => {
    // Signs a new user up, and project initialisation can take a while (see session.ts).
    test.slow();
    await useLanguage(context, lang);
  });

  test("create a table with SQL, browse, search and sort it; result tabs and the error marker", async ({ page }) => {
    await startSignedIn(page, lang, uniqueEmail("db-page"));
    await openWorkbench(page, lang);
    await runSql(
      page,
      "CREATE TABLE fruit (id int PRIMARY KEY, name text NOT NULL);\nINSERT INTO fruit VALUES (1, 'apple'), (2, 'cherry'), (3, 'banana');",
    );
    const results = page.getByRole("tablist", { name: "Results" });
    await expect(results.getByRole("tab")).toHaveCount(2);
    await expect(results.getByRole("tab").nth(0)).toContainText("CREATE");
    await expect(results.getByRole("tab").nth(1)).toContainText("INSERT");
    await results.getByRole("tab").nth(1).click();
    await expect(page.getByText(/^3 rows in \d+(\.\d+)? ms/)).toBeVisible();

    // The tree learns of the table on refresh, and opens it.
    await page.getByRole("button", { name: "Refresh" }).click();
    const tree = page.getByRole("region", { name: "Schema" });
    await tree.getByRole("button", { name: "fruit", exact: true }).click();
    const table = page.getByRole("region", { name: "Table fruit" });
    await expect(table.getByRole("gridcell", { name: "cherry" })).toBeVisible();
    await expect(page.getByTestId("row-count")).toHaveText("3 rows");

    // Sort by name descending: two clicks on the header.
    const nameHeader = table.getByRole("button", { name: /^name/ });
    await nameHeader.click();
    await expect(table.getByRole("row").nth(1)).toContainText("apple");
    await nameHeader.click();
    await expect(table.getByRole("columnheader", { name: /name/ })).toHaveAttribute("aria-sort", "descending");
    await expect(table.getByRole("row").nth(1)).toContainText("cherry");

    // Search by column and value.
    await table.getByLabel("Search column").selectOption("name");
    await table.getByLabel("Search value").fill("ban");
    await table.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("row-count")).toHaveText("1 row");
    await expect(table.getByRole("gridcell", { name: "banana" })).toBeVisible();
    await expect(table.getByRole("gridcell", { name: "apple" })).toHaveCount(0);

    // Export of the current page as CSV.
    const download = page.waitForEvent("download");
    await table.getByRole("button", { name: "Export CSV" }).click();
    const file = await (await download).path();
    expect(readFileSync(file, "utf8")).toBe("id,name\r\n3,banana");

    // Bad SQL: the database's message and a marker in the editor.
    await page.getByRole("tab", { name: "SQL" }).click();
    await runSql(page, "SELECT nme FROM fruit;");
    await expect(page.getByRole("alert").filter({ hasText: 'column "nme" does not exist' })).toBeVisible();
    await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(1);

    // The editor text survives a reload.
    await page.reload();
    await page.getByRole("tab", { name: "SQL" }).click();
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("SELECT nme FROM fruit;");
  });
});
