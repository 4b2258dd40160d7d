import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { PASSWORD, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

/** Creates a verified user through the admin area's own proxy, as the signed-in operator. */
async function createUser(page: Page, email: string, displayName: string): Promise<string> {
  return page.evaluate(
    async ({ email, displayName, password }) => {
      const response = await fetch("/api/v1/admin/auth/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          primary_email: email,
          primary_email_verified: true,
          primary_email_auth_enabled: true,
          password,
          display_name: displayName,
        }),
      });
      if (response.status !== 201) throw new Error(`POST /users answered ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    { email, displayName, password: PASSWORD },
  );
}

for (const lang of LANGS) {
  test(`an operator finds a user, edits metadata, impersonates and deletes them (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.users[lang]);
    const email = uniqueEmail(`target-${lang}`);
    await createUser(page, email, `Target ${lang}`);

    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: tr(lang, "Search users") }).fill(email);
    const rows = page.getByRole("region", { name: tr(lang, "Users") }).getByRole("row");
    await expect(rows).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, `${lang} /admin/users`);
    await rows.getByRole("link", { name: email }).click();
    await expect(page.getByRole("heading", { name: `Target ${lang}`, level: 2 })).toBeVisible();

    // Metadata is checked as it is typed; only an object is saved.
    const serverMetadata = page.getByLabel(tr(lang, "Server metadata"), { exact: true });
    await serverMetadata.fill('{"plan": ');
    await expect(
      page.getByRole("alert").filter({ hasText: tr(lang, "Not valid JSON: {reason}", { reason: "" }) }),
    ).toBeVisible();
    const save = page.getByRole("button", { name: tr(lang, "Save {label}", { label: tr(lang, "Server metadata") }) });
    await expect(save).toBeDisabled();
    await serverMetadata.fill("[1, 2]");
    await expect(page.getByText(tr(lang, "Metadata must be a JSON object."))).toBeVisible();
    await serverMetadata.fill('{"plan": "pro"}');
    await save.click();
    await expect(page.getByText(tr(lang, "Metadata saved")).first()).toBeVisible();
    await page.reload();
    await expect(serverMetadata).toHaveValue(/"plan": "pro"/);
    await expectNoSeriousA11yViolations(page, `${lang} /admin/users/$userId`);

    // Impersonation: the line run in another browser signs it in as the user; this one stays the operator's.
    await page.getByRole("button", { name: tr(lang, "Impersonate") }).click();
    await page.getByRole("button", { name: tr(lang, "Start impersonation") }).click();
    await page.getByRole("button", { name: tr(lang, "Copy the impersonation line") }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("stack-refresh-");
    const line = await page.evaluate(() => navigator.clipboard.readText());
    await page.getByRole("button", { name: tr(lang, "Done") }).click();
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/login");
      await otherPage.evaluate((code) => {
        // The operator's line, run as an operator would in the developer console.
        new Function(code.replace('location.assign("/");', ""))();
      }, line);
      await otherPage.goto("/");
      await expect(userMenuButton(otherPage, "en", email)).toBeVisible({ timeout: 30_000 });
    } finally {
      await other.close();
    }
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: tr(lang, "Impersonation") })).toBeVisible();
    await expect(userMenuButton(page, lang, OPERATOR_EMAILS.users[lang])).toBeVisible();

    await page.getByRole("button", { name: tr(lang, "Delete user") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Delete user") })
      .click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByRole("searchbox", { name: tr(lang, "Search users") }).fill(email);
    await expect(page.getByText(tr(lang, 'No users match "{query}".', { query: email }))).toBeVisible();
  });
}
