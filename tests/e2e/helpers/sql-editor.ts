import { expect, type Page } from "@playwright/test";
import { type Lang, tr } from "./catalog.ts";

/** Opens the signed-in user's first database from the sidebar (on a phone, the sidebar opens first). */
export async function openFirstDatabase(page: Page, lang: Lang, options: { phone?: boolean } = {}): Promise<void> {
  if (options.phone) await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
  await page
    .getByRole("region", { name: tr(lang, "Databases") })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/db\/[^/?]+/);
}

/** The first database's SQL workbench, its editor shown and ready for runSql. */
export async function openWorkbench(page: Page, lang: Lang, options: { phone?: boolean } = {}): Promise<void> {
  await openFirstDatabase(page, lang, options);
  await page.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
  await expect(page).toHaveURL(/view=sql/);
  await expect(page.getByTestId("sql-editor").locator(".monaco-editor")).toBeVisible();
}

/**
 * Replaces the workbench editor's text and runs all of it (Ctrl/Cmd+Shift+Enter). The keys go to
 * Monaco only once it has the focus (its `focused` class) and shows the new text: a click that lands
 * while a previous run's answer re-lays the page out would otherwise send them to the page instead.
 */
export async function runSql(page: Page, sql: string): Promise<void> {
  const monaco = page.getByTestId("sql-editor").locator(".monaco-editor");
  await expect(async () => {
    await monaco.click();
    await expect(monaco).toHaveClass(/\bfocused\b/, { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
  await expect(monaco.locator(".view-line")).toHaveCount(sql.split("\n").length);
  await expect(monaco).toHaveClass(/\bfocused\b/);
  // Typing may have opened the completion list, which would take the keys meant for the editor.
  await page.keyboard.press("Escape");
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
}
