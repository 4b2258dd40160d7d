import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { useLanguage } from "./helpers/session.ts";

/** Lists users with a secret server key, as a customer's backend would: the answer's status. */
async function serverCallStatus(page: Page, secretServerKey: string): Promise<number> {
  return page.evaluate(async (key) => {
    const { projectId } = (await (await fetch("/config.json")).json()) as { projectId: string };
    const response = await fetch("/auth/api/v1/users?limit=1", {
      headers: { "x-stack-access-type": "server", "x-stack-project-id": projectId, "x-stack-secret-server-key": key },
    });
    return response.status;
  }, secretServerKey);
}

for (const lang of journeyLangs("en")) {
  test(`an operator creates API keys, sees them once, and revokes them (${lang})`, async ({ page, context }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.keys[lang]);
    await page.goto("/admin/keys");
    await expect(page.getByRole("heading", { name: tr(lang, "API keys"), level: 2 })).toBeVisible();

    const description = `e2e keys ${lang} ${Date.now()}`;
    await page.getByRole("button", { name: tr(lang, "Create API keys") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(tr(lang, "Description")).fill(description);
    await dialog.getByLabel(tr(lang, "Publishable client key")).uncheck();
    await dialog.getByRole("button", { name: tr(lang, "Create keys") }).click();
    await expect(dialog.getByRole("heading", { name: tr(lang, "Your new keys") })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} new keys`);

    const label = tr(lang, "Secret server key");
    await dialog.getByRole("button", { name: tr(lang, "Copy {label}", { label }) }).click();
    // The copy lands asynchronously: wait for it rather than read the clipboard once.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^ssk_/);
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    await expect(dialog.getByText(secret)).toBeVisible();
    await expect(dialog.getByText(tr(lang, "Publishable client key"))).toHaveCount(0);
    expect(await serverCallStatus(page, secret)).toBe(200);
    await dialog.getByRole("button", { name: tr(lang, "Done") }).click();

    // Listed by its last four characters only.
    const row = page.getByRole("row").filter({ hasText: description });
    await expect(row).toContainText(`…${secret.slice(-4)}`);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(row).toContainText(tr(lang, "Active"));
    await expectNoSeriousA11yViolations(page, `${lang} /admin/keys`);

    await row.getByRole("button", { name: new RegExp(tr(lang, "Revoke")) }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Revoke keys") })
      .click();
    await expect(row).toContainText(tr(lang, "Revoked"));
    expect(await serverCallStatus(page, secret)).toBe(401);
  });
}
