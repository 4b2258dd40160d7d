import { expect, type Page } from "@playwright/test";
import { type Lang, tr } from "./catalog.ts";

/** Creates an app through the sidebar's Create App dialog; answers its id from the URL it opens. */
export async function createApp(page: Page, lang: Lang, title: string, description: string): Promise<string> {
  await page
    .getByRole("navigation")
    .getByRole("link", { name: tr(lang, "Create App") })
    .click();
  await expect(page).toHaveURL(/\/create-app$/);
  const dialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(tr(lang, "Title")).fill(title);
  await dialog.getByLabel(tr(lang, "Description")).fill(description);
  await dialog.getByRole("button", { name: tr(lang, "Create App") }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/apps\/[^/]+$/);
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}
