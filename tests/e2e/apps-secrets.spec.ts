import { expect, test } from "@playwright/test";
import { createApp } from "./helpers/apps.ts";
import { LANGS, tr } from "./helpers/catalog.ts";
import { requireEndpoints } from "./helpers/endpoints.ts";
import { signUpAndVerify, uniqueEmail, useLanguage } from "./helpers/session.ts";

const MASK = "••••••••••••";

for (const lang of LANGS) {
  test.describe(`apps and secrets (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      // Every test signs a new user up, and project initialisation can take a while (see session.ts).
      test.slow();
      await useLanguage(context, lang);
    });

    test("create an app, manage its environment variables, delete it", async ({ page }) => {
      await requireEndpoints("signUp", "verifyEmail", "projectInit", "apps", "secrets");
      test.slow();
      await signUpAndVerify(page, lang, uniqueEmail(`apps-${lang}`));

      // Create: the title is required, cancel keeps nothing.
      await page
        .getByRole("navigation")
        .getByRole("link", { name: tr(lang, "Create App") })
        .click();
      const createDialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
      await createDialog.getByRole("button", { name: tr(lang, "Create App") }).click();
      await expect(createDialog.getByLabel(tr(lang, "Title"))).toHaveJSProperty("validity.valueMissing", true);
      await createDialog.getByRole("button", { name: tr(lang, "Cancel") }).click();
      await expect(createDialog).toBeHidden();

      const title = `Shop ${lang}`;
      const appId = await createApp(page, lang, title, "Sells things");
      const nav = page.getByRole("navigation");
      await expect(nav.getByRole("link", { name: title })).toHaveAttribute("href", `/apps/${appId}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText("Sells things").first()).toBeVisible();

      // Environment variables: empty at first.
      const envButton = page.getByRole("button", { name: tr(lang, "Environment Variables") });
      await envButton.click();
      const envDialog = page.getByRole("dialog", { name: tr(lang, "Environment Variables") });
      await expect(envDialog.getByText(tr(lang, "No environment variables found"))).toBeVisible();

      // Add New: submit stays disabled until key and value are both filled.
      await envDialog.getByRole("button", { name: tr(lang, "Add New") }).click();
      const add = envDialog.getByRole("button", { name: tr(lang, "Add"), exact: true });
      await expect(add).toBeDisabled();
      await envDialog.getByLabel(tr(lang, "Key"), { exact: true }).fill("API_KEY");
      await expect(add).toBeDisabled();
      await envDialog.getByLabel(tr(lang, "Value"), { exact: true }).fill("sk_live_first");
      await expect(add).toBeEnabled();
      await add.click();
      await expect(envDialog.getByLabel(tr(lang, "Key"), { exact: true })).toHaveCount(0);

      await envDialog.getByRole("button", { name: tr(lang, "Add New") }).click();
      await envDialog.getByLabel(tr(lang, "Key"), { exact: true }).fill("DB_URL");
      await envDialog.getByLabel(tr(lang, "Value"), { exact: true }).fill("postgres://x");
      await envDialog.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();

      // Masked with twelve dots; reveal and hide.
      const apiRow = envDialog.getByRole("listitem").filter({ hasText: "API_KEY" });
      await expect(apiRow.getByTestId("secret-value")).toHaveText(MASK);
      await expect(envDialog.getByText("sk_live_first")).toHaveCount(0);
      await apiRow.getByRole("button", { name: tr(lang, "Show value of {key}", { key: "API_KEY" }) }).click();
      await expect(apiRow.getByTestId("secret-value")).toHaveText("sk_live_first");
      await apiRow.getByRole("button", { name: tr(lang, "Hide value of {key}", { key: "API_KEY" }) }).click();
      await expect(apiRow.getByTestId("secret-value")).toHaveText(MASK);

      // Edit: one row at a time.
      await envDialog.getByRole("button", { name: tr(lang, "Edit {key}", { key: "API_KEY" }) }).click();
      await expect(envDialog.getByRole("textbox")).toHaveCount(1);
      await envDialog.getByRole("button", { name: tr(lang, "Edit {key}", { key: "DB_URL" }) }).click();
      await expect(envDialog.getByRole("textbox")).toHaveCount(1);
      await expect(envDialog.getByRole("textbox")).toHaveValue("postgres://x");
      await envDialog.getByRole("textbox").fill("postgres://y");
      await envDialog.getByRole("button", { name: tr(lang, "Save") }).click();
      await expect(envDialog.getByRole("textbox")).toHaveCount(0);
      const dbRow = envDialog.getByRole("listitem").filter({ hasText: "DB_URL" });
      await dbRow.getByRole("button", { name: tr(lang, "Show value of {key}", { key: "DB_URL" }) }).click();
      await expect(dbRow.getByTestId("secret-value")).toHaveText("postgres://y");

      // Delete asks the browser's confirmation; dismissing keeps the row.
      const confirmText = tr(lang, 'Are you sure you want to delete the secret "{key}"?', { key: "API_KEY" });
      page.once("dialog", (d) => {
        expect(d.message()).toBe(confirmText);
        void d.dismiss();
      });
      await apiRow.getByRole("button", { name: tr(lang, "Delete {key}", { key: "API_KEY" }) }).click();
      await expect(apiRow).toBeVisible();
      page.once("dialog", (d) => void d.accept());
      await apiRow.getByRole("button", { name: tr(lang, "Delete {key}", { key: "API_KEY" }) }).click();
      await expect(envDialog.getByRole("listitem").filter({ hasText: "API_KEY" })).toHaveCount(0);
      await expect(dbRow).toBeVisible();

      // Close returns focus to the button that opened the dialog.
      await envDialog
        .getByRole("button", { name: tr(lang, "Close") })
        .last()
        .click();
      await expect(envDialog).toBeHidden();
      await expect(envButton).toBeFocused();

      // Delete the app: confirm with its title; cannot be undone.
      await page.getByRole("button", { name: tr(lang, "Delete App") }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(
        tr(lang, 'Are you sure you want to delete "{title}"? This action cannot be undone.', { title }),
      );
      await confirm.getByRole("button", { name: tr(lang, "Delete App") }).click();
      await expect(page.getByText(tr(lang, "App deleted successfully")).first()).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(nav.getByRole("link", { name: title })).toHaveCount(0);
    });

    test("dialogs trap focus and close with Escape", async ({ page }) => {
      await requireEndpoints("signUp", "verifyEmail", "projectInit", "apps", "secrets");
      await signUpAndVerify(page, lang, uniqueEmail(`focus-${lang}`));
      const open = page.getByRole("main").getByRole("button", { name: tr(lang, "Create App") });
      await open.click();
      const dialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
      await expect(dialog.getByLabel(tr(lang, "Title"))).toBeFocused();
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
    });
  });
}
