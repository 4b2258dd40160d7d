import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/csp.ts";
import { signOut, startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench } from "./helpers/sql-editor.ts";

const lang = "en";

/** Replaces the editor text without running it. */
async function typeSql(page: Page, sql: string): Promise<void> {
  await page.getByTestId("sql-editor").locator(".monaco-editor").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
}

/** Explain, Explain analyze and Format SQL are in the toolbar's overflow menu. */
async function moreAction(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "More SQL actions" }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

async function openHistory(page: Page) {
  await page.getByRole("button", { name: "History and snippets" }).click();
  return page.getByRole("dialog", { name: "History and snippets" });
}

async function openSqlTab(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "SQL" }).click();
  await expect(page.locator(".monaco-editor")).toBeVisible();
}

test.describe("SQL workbench", () => {
  test.beforeEach(async ({ context }) => {
    test.slow();
    await useLanguage(context, lang);
  });

  test("statement at the cursor, destructive confirmation, stop, history and snippets", async ({ page }) => {
    const email = uniqueEmail("db-workbench");
    await startSignedIn(page, lang, email);
    await openWorkbench(page, lang);
    const results = page.getByRole("tablist", { name: "Results" });

    // Ctrl+Enter without a selection runs only the statement under the cursor (line 2).
    await typeSql(page, "SELECT 1 AS one;\nSELECT g FROM generate_series(1, 5) g;\nSELECT 3;");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(results.getByRole("tab")).toHaveCount(1);
    await expect(page.getByText(/^5 rows in \d+(\.\d+)? ms/)).toBeVisible();

    // Run all runs the three.
    await page.getByRole("button", { name: "Run all", exact: true }).click();
    await expect(results.getByRole("tab")).toHaveCount(3);

    // DELETE without WHERE asks first; Cancel runs nothing, Run anyway runs it.
    await typeSql(page, "CREATE TABLE plum (id int);\nINSERT INTO plum VALUES (1), (2);");
    await page.getByRole("button", { name: "Run all", exact: true }).click();
    await expect(results.getByRole("tab")).toHaveCount(2);
    await typeSql(page, "DELETE FROM plum");
    await page.keyboard.press("ControlOrMeta+Enter");
    const confirm = page.getByRole("alertdialog", { name: "Run destructive statements?" });
    await expect(confirm.getByRole("list", { name: "Destructive statements" })).toContainText("DELETE FROM plum");
    await expect(confirm).toContainText("Deletes every row (no WHERE)");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(results.getByRole("tab").nth(1)).toContainText("INSERT");
    // The closed dialog hands the focus back to the editor; the keys wait until it has it.
    await expect(page.getByTestId("sql-editor").locator(".monaco-editor")).toHaveClass(/\bfocused\b/);
    await page.keyboard.press("ControlOrMeta+Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "Run anyway" }).click();
    await expect(results.getByRole("tab")).toHaveCount(1);
    await expect(results.getByRole("tab").first()).toContainText("DELETE");
    await expect(page.getByText(/^2 rows in \d+(\.\d+)? ms/)).toBeVisible();

    // Completion knows the new table's columns after `table.`.
    await typeSql(page, "");
    await page.keyboard.type("SELECT * FROM plum WHERE plum.");
    await expect(page.locator(".monaco-editor .suggest-widget")).toContainText("id");
    await page.keyboard.press("Escape");

    // EXPLAIN shows a plan tree with the scanned table; EXPLAIN ANALYZE of a write asks first.
    await typeSql(page, "SELECT * FROM plum WHERE id > 0");
    await moreAction(page, "Explain");
    const planTree = page.getByRole("list", { name: "Plan tree" });
    await expect(planTree.getByTestId("plan-node").first()).toContainText("Seq Scan");
    await expect(planTree).toContainText("plum");
    await expect(planTree).toContainText("Most expensive");
    await moreAction(page, "Explain analyze");
    await expect(page.getByText("EXPLAIN ANALYZE: the statement was run.")).toBeVisible();
    await expect(planTree).toContainText("Rows (actual)");
    await typeSql(page, "DELETE FROM plum WHERE id = 1");
    await moreAction(page, "Explain analyze");
    const analyzeConfirm = page.getByRole("alertdialog", { name: "Run destructive statements?" });
    await expect(analyzeConfirm).toContainText("EXPLAIN ANALYZE runs it, and it may change data");
    await analyzeConfirm.getByRole("button", { name: "Cancel" }).click();

    // Format SQL rewrites the text with the PostgreSQL dialect.
    await typeSql(page, "select id,name from plum where id=1");
    await moreAction(page, "Format SQL");
    const lines = page.locator(".monaco-editor .view-lines");
    await expect(lines).toContainText("id = 1");
    await expect(lines.locator(".view-line")).toHaveCount(7);
    await expect(lines.locator(".view-line").first()).toHaveText("SELECT");

    // Stop ends a long statement on the server; the UI says it was cancelled.
    await typeSql(page, "SELECT pg_sleep(30)");
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(page.getByRole("status").filter({ hasText: "Running…" })).toBeVisible();
    await page.getByRole("button", { name: "Stop", exact: true }).click();
    // One neutral line; the database's cancel message is no error of the user's: no alert, no underline.
    await expect(page.getByRole("status").filter({ hasText: /^Cancelled after \d+(\.\d)? s$/ })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "canceling statement" })).toHaveCount(0);
    await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(0);

    // A snippet saved on the server from the editor, opened in a tab of its own; running it marks its last run.
    await typeSql(page, "SELECT 'from a snippet' AS origin");
    const snippets = (await openHistory(page)).getByRole("region", { name: "Snippets" });
    await snippets.getByLabel("Snippet name").fill("origin check");
    await snippets.getByRole("button", { name: "Save" }).click();
    await expect(snippets.getByRole("button", { name: "origin check", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await typeSql(page, "SELECT 0");
    await (await openHistory(page))
      .getByRole("region", { name: "Snippets" })
      .getByRole("button", { name: "origin check", exact: true })
      .click();
    const tabBar = page.getByRole("tablist", { name: "Editor tabs" });
    await expect(tabBar.getByRole("tab", { name: "origin check" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("SELECT 'from a snippet' AS origin");
    await page.getByRole("button", { name: "Run all", exact: true }).click();
    await expect(results.getByRole("tab")).toHaveCount(1);
    await expect(
      (await openHistory(page))
        .getByRole("region", { name: "Snippets" })
        .getByRole("button", { name: "origin check", exact: true }),
    ).toHaveAccessibleDescription(/^Last run /);
    await page.keyboard.press("Escape");

    // A snippet opens by its link (in a new tab, or the one that holds it); another user's or a
    // missing one is said in words.
    const snippetId = await page.evaluate(async () => {
      const answer = await fetch("/api/v1/snippets?q=origin", { credentials: "same-origin" });
      const [list] = (await answer.json()) as [Array<{ id: string }>];
      return list[0]?.id ?? "";
    });
    const dbPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Close tab origin check" }).click();
    await page.goto(`${dbPath}?snippet=${snippetId}`);
    await expect(tabBar.getByRole("tab", { name: "origin check" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/view=sql/);
    await expect(page).not.toHaveURL(/snippet=/);
    await page.goto(`${dbPath}?snippet=00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole("alert").filter({ hasText: "The linked snippet could not be opened" })).toContainText(
      "This saved query does not exist, or it is not yours.",
    );
    await page.getByRole("button", { name: "Close tab origin check" }).click();

    // History and snippets survive a reload; search narrows the history; a click loads the SQL.
    await page.reload();
    await openSqlTab(page);
    // Each entry is a button named by its SQL, beside its "Save as snippet: <SQL>" button.
    const history = (await openHistory(page)).getByRole("region", { name: "History" });
    await expect(history.getByRole("button", { name: /^(?!Save as snippet).*pg_sleep\(30\)/ })).toBeVisible();
    await expect(history.getByRole("button", { name: /^(?!Save as snippet).*DELETE FROM plum/ })).toBeVisible();
    await history.getByLabel("Search history").fill("generate_series");
    await expect(history.getByRole("button", { name: /^(?!Save as snippet).*DELETE FROM plum/ })).toHaveCount(0);
    await history
      .getByRole("button", { name: /^(?!Save as snippet).*generate_series/ })
      .first()
      .click();
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("SELECT g FROM generate_series(1, 5) g");
    await expect(
      (await openHistory(page))
        .getByRole("region", { name: "Snippets" })
        .getByRole("button", { name: "origin check", exact: true }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    // Editor tabs: add, rename; texts and names survive a reload; close.
    const editorTabs = page.getByRole("tablist", { name: "Editor tabs" });
    await page.getByRole("button", { name: "New tab", exact: true }).click();
    await expect(editorTabs.getByRole("tab", { name: "Query 2" })).toHaveAttribute("aria-selected", "true");
    await typeSql(page, "SELECT 'second tab'");
    await page.getByRole("button", { name: "Rename tab Query 2" }).click();
    await page.getByLabel("Tab name").fill("report");
    await page.keyboard.press("Enter");
    await page.reload();
    await openSqlTab(page);
    await expect(editorTabs.getByRole("tab", { name: "report" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("SELECT 'second tab'");
    await editorTabs.getByRole("tab", { name: "Query 1" }).click();
    await expect(page.locator(".monaco-editor .view-lines")).toContainText("SELECT g FROM generate_series(1, 5) g");
    await editorTabs.getByRole("tab", { name: "report" }).click();
    await page.getByRole("button", { name: "Close tab report" }).click();
    await expect(editorTabs.getByRole("tab")).toHaveCount(1);

    // The shortcut list.
    await moreAction(page, "Keyboard shortcuts");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Ctrl/Cmd+Shift+Enter");

    await page.keyboard.press("Escape");

    // Sign-out forgets this browser's history and editor texts (clearWorkbenchData); snippets are the server's.
    await signOut(page, lang, email);
    // The menu goes to /login first and clears after (so no mounted query writes it back): polled.
    const left = () =>
      page.evaluate(async () => {
        const editorKeys = Object.keys(localStorage).filter((key) => key.startsWith("db:")).length;
        const stored = await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open("app-console-workbench");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction("workbench").objectStore("workbench").count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        });
        return { editorKeys, stored };
      });
    await expect.poll(left).toEqual({ editorKeys: 0, stored: 0 });
  });
});
