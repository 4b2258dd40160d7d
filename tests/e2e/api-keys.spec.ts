import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { startSignedIn, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";
import { untilToastsGone } from "./helpers/toasts.ts";

// The e2e project allows user and team API keys (helpers/e2e-project.ts, applied at set-up).

/**
 * Creates a key in `section` and checks it is shown once: returns the whole key, after the
 * visitor has closed the notice.
 */
async function createKey(page: Page, section: Locator, lang: Lang, description: string): Promise<string> {
  await section.getByLabel(tr(lang, "Description")).fill(description);
  await section.getByLabel(tr(lang, "Expires"), { exact: true }).selectOption("7");
  await section.getByRole("button", { name: tr(lang, "Create API key") }).click();
  await expect(section.getByText(tr(lang, "Your new API key"))).toBeVisible();
  await expect(
    section.getByText(tr(lang, "Copy it now and keep it somewhere safe: it will not be shown again.")),
  ).toBeVisible();
  const value = (await section.getByTestId("new-api-key").textContent()) ?? "";
  expect(value.length).toBeGreaterThan(20);
  await expectNoSeriousA11yViolations(page, `${lang} new API key`);
  await section.getByRole("button", { name: tr(lang, "Done") }).click();
  await expect(section.getByTestId("new-api-key")).toHaveCount(0);
  return value;
}

for (const lang of journeyLangs("en")) {
  test(`a user creates an API key, sees it once, finds it by its last four and revokes it (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    const email = uniqueEmail(`api-keys-${lang}`);
    await startSignedIn(page, lang, email);
    await userMenuButton(page, lang, email).click();
    await page.getByRole("menuitem", { name: tr(lang, "API keys") }).click();
    await expect(page.getByRole("heading", { name: tr(lang, "API keys"), level: 1 })).toBeVisible();
    const section = page.getByRole("region", { name: tr(lang, "Your API keys") });
    await expect(section.getByText(tr(lang, "No API keys yet."))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /api-keys`);

    const description = `CI deploy ${randomUUID().slice(0, 6)}`;
    const key = await createKey(page, section, lang, description);
    const item = section.getByRole("listitem").filter({ hasText: description });
    await expect(item).toContainText(`…${key.slice(-4)}`);
    await expect(item).toContainText(tr(lang, "valid"));

    // Never shown again: not after a reload either.
    await page.reload();
    await expect(item).toContainText(`…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);

    await item.getByRole("button", { name: `${tr(lang, "Revoke")} ${description}` }).click();
    const dialog = page.getByRole("alertdialog", { name: tr(lang, "Revoke API key") });
    await dialog.getByRole("button", { name: tr(lang, "Revoke"), exact: true }).click();
    await expect(item).toContainText(tr(lang, "revoked"));
    await expect(item.getByRole("button")).toHaveCount(0);
  });
}

test("a team's API keys live on the team page of a member who manages them", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("team-api-keys");
  await startSignedIn(page, "en", email);
  await untilToastsGone(page);
  await page.getByRole("button", { name: `${tr("en", "Workspace")} ${tr("en", "Personal")}`, exact: true }).click();
  await page
    .getByRole("menu")
    .getByRole("menuitem", { name: tr("en", "Create team") })
    .click();
  const name = `Keys ${randomUUID().slice(0, 6)}`;
  const dialog = page.getByRole("dialog", { name: tr("en", "Create team") });
  await dialog.getByLabel(tr("en", "Team name")).fill(name);
  await dialog.getByRole("button", { name: tr("en", "Create team") }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  const section = page.getByRole("region", { name: tr("en", "Team API keys") });
  const key = await createKey(page, section, "en", "team deploy");
  await expect(section.getByRole("listitem").filter({ hasText: "team deploy" })).toContainText(`…${key.slice(-4)}`);
  // The user's own list is another one.
  await page.goto("/api-keys");
  await expect(
    page.getByRole("region", { name: tr("en", "Your API keys") }).getByText(tr("en", "No API keys yet.")),
  ).toBeVisible();
});
