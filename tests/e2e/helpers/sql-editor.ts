import type { Page } from "@playwright/test";

/** Replaces the workbench editor's text and runs all of it (Ctrl/Cmd+Shift+Enter). */
export async function runSql(page: Page, sql: string): Promise<void> {
  const editor = page.getByTestId("sql-editor");
  await editor.locator(".monaco-editor").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
  await page.keyboard.press("ControlOrMeta+Shift+Enter");
}
