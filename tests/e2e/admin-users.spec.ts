import { expect, type Page, test } from "@playwright/test";
import { waitForMail } from "../helpers/mail-catcher.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { PASSWORD, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** Creates a user (verified unless told) through the admin area's own proxy, as the signed-in operator. */
async function createUser(page: Page, email: string, displayName: string, verified = true): Promise<string> {
  return page.evaluate(
    async ({ email, displayName, password, verified }) => {
      const response = await fetch("/api/v1/admin/auth/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          primary_email: email,
          primary_email_verified: verified,
          primary_email_auth_enabled: true,
          password,
          display_name: displayName,
        }),
      });
      if (response.status !== 201) throw new Error(`POST /users answered ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    { email, displayName, password: PASSWORD, verified },
  );
}

for (const lang of journeyLangs("en")) {
  test(`an operator finds a user, edits metadata and deletes them (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
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

    // Impersonation has its own journey: admin-impersonation.spec.ts.
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

for (const lang of journeyLangs("en")) {
  test(`an operator helps a user in: a new verification mail, marked verified, sessions ended (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.users[lang]);
    const email = uniqueEmail(`stuck-${lang}`);
    const userId = await createUser(page, email, `Stuck ${lang}`, false);

    // The list says who is verified and who is an operator.
    await page.goto("/admin/users");
    const search = page.getByRole("searchbox", { name: tr(lang, "Search users") });
    const list = page.getByRole("region", { name: tr(lang, "Users") });
    await search.fill(email);
    const stuckRow = list.getByRole("row").filter({ hasText: email });
    await expect(stuckRow.getByRole("cell").nth(0)).toHaveText(tr(lang, "No"));
    await expect(stuckRow.getByRole("cell").nth(1)).toHaveText(tr(lang, "No"));
    await search.fill(OPERATOR_EMAILS.users[lang]);
    const operatorRow = list.getByRole("row").filter({ hasText: OPERATOR_EMAILS.users[lang] });
    await expect(operatorRow.getByRole("cell").nth(0)).toHaveText(tr(lang, "Yes"));
    await expect(operatorRow.getByRole("cell").nth(1)).toHaveText(tr(lang, "Yes"));
    await page.goto(`/admin/users/${userId}`);
    const help = page.getByRole("region", { name: tr(lang, "Help with access") });

    await help.getByRole("button", { name: tr(lang, "Send a new verification e-mail") }).click();
    await expect(
      page.getByText(tr(lang, "A new verification e-mail is on its way to {email}.", { email })).first(),
    ).toBeVisible();
    await waitForMail(process.env.E2E_MAIL_DIR ?? "", email);

    await help.getByRole("button", { name: tr(lang, "Mark verified") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Mark verified") })
      .click();
    await expect(page.getByText(tr(lang, "The e-mail is marked verified.")).first()).toBeVisible();
    await expect(help.getByRole("button", { name: tr(lang, "Mark verified") })).toHaveCount(0);

    // A session of the user's (signed in elsewhere), ended from here.
    await page.evaluate(async (id) => {
      const response = await fetch("/api/v1/admin/auth/auth/sessions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_id: id }),
      });
      if (!response.ok) throw new Error(`POST /auth/sessions answered ${response.status}`);
    }, userId);
    await page.reload();
    await help.getByRole("button", { name: tr(lang, "End sessions") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "End sessions") })
      .click();
    await expect(page.getByText(tr(lang, "No active sessions."))).toBeVisible();
    await expect(help.getByRole("button", { name: tr(lang, "End sessions") })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `${lang} /admin/users/$userId help with access`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, `${lang} /admin/users/$userId at 390 px`);
  });
}
