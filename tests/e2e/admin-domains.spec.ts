import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { useLanguage } from "./helpers/session.ts";

// These change the e2e project every other spec signs in to: one language at a time, each change
// undone, and nothing that would stop a parallel sign-in (production mode is only refused here).
test.describe.configure({ mode: "serial" });

for (const lang of journeyLangs("de")) {
  test(`an operator edits trusted domains, providers and settings; production mode refuses http (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.domains[lang]);
    await page.goto("/admin/domains");
    await expect(page.getByRole("heading", { name: tr(lang, "Domains and sign-in"), level: 2 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /admin/domains`);

    const secure = `https://app-${randomUUID().slice(0, 8)}.example.com`;
    const plain = `http://plain-${randomUUID().slice(0, 8)}.example.com`;
    for (const domain of [secure, plain]) {
      await page.getByLabel(tr(lang, "Domain"), { exact: true }).fill(domain);
      await page.getByRole("button", { name: tr(lang, "Add domain") }).click();
      await expect(page.getByRole("listitem").filter({ hasText: domain })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: `${secure}/handler` })).toBeVisible();

    // An http:// domain keeps production mode off, with the server's reason.
    const production = page.getByRole("checkbox", {
      name: tr(lang, "Production mode: every trusted domain must use HTTPS and be neither localhost nor an IP address"),
    });
    await production.click();
    await expect(page.getByRole("alert").filter({ hasText: "must use HTTPS" })).toBeVisible();
    await expect(production).not.toBeChecked();

    for (const domain of [plain, secure]) {
      await page.getByRole("button", { name: tr(lang, "Remove {domain}", { domain }) }).click();
      await expect(page.getByRole("listitem").filter({ hasText: domain })).toHaveCount(0);
    }

    // The merge strategy is saved and comes back after a reload; then restored.
    const merge = page.getByLabel(tr(lang, "When a social sign-in uses an e-mail address that already has an account"));
    const original = await merge.inputValue();
    await merge.selectOption("raise_error");
    await expect(page.getByText(tr(lang, "Settings saved")).first()).toBeVisible();
    await page.reload();
    await expect(merge).toHaveValue("raise_error");
    await merge.selectOption(original);
    await expect(merge).toHaveValue(original);

    // Google with an own OAuth client: the secret is kept server-side and never shown back.
    const google = page.getByRole("group", { name: "Google" });
    await google.getByRole("radio", { name: tr(lang, "Own OAuth client") }).check();
    await google.getByLabel(tr(lang, "Client ID")).fill("e2e-client-id");
    await google.getByLabel(tr(lang, "Client secret")).fill("e2e-client-secret-value");
    await page.getByRole("button", { name: tr(lang, "Save providers") }).click();
    await expect(page.getByText(tr(lang, "Providers saved")).first()).toBeVisible();
    await page.reload();
    await expect(google.getByRole("radio", { name: tr(lang, "Own OAuth client") })).toBeChecked();
    await expect(google.getByLabel(tr(lang, "Client ID"))).toHaveValue("e2e-client-id");
    await expect(google.getByLabel(tr(lang, "Client secret"))).toHaveValue("");
    expect(await page.content()).not.toContain("e2e-client-secret-value");
    await google.getByRole("radio", { name: tr(lang, "Shared credentials") }).check();
    await page.getByRole("button", { name: tr(lang, "Save providers") }).click();
    await page.reload();
    await expect(google.getByRole("radio", { name: tr(lang, "Shared credentials") })).toBeChecked();
  });
}
