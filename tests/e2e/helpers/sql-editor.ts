import { expect, type Page } from "@playwright/test";

/**
 * Replaces the workbench editor's text and runs all of it (Ctrl/Cmd+Shift+Enter). The keys go to
 * Monaco only once its input has the focus and shows the new text: a click that lands while a
 * previous run's answer re-lays the page out would otherwise send them to the page instead.
 */
export async function runSql(page: Page, sql: string): Promise<void> {
  const editor = page.getByTestId("sql-editor");
  const input = editor.locator(".monaco-editor textarea");
  await expect(async () => {
    await editor.locator(".monaco-editor").click();
    await expect(input).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
  await expect(editor.locator(".view-line")).toHaveCount(sql.split("\n").length);
  await expect(input).toBeFocused();
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
}
