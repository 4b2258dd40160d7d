import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { PASSWORD, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** A call to the auth service's admin API through the operator proxy, from the signed-in page. */
async function admin<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1/admin/auth${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

for (const lang of journeyLangs("en")) {
  test(`an operator finds a team, renames it, removes a member and deletes it (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.teams[lang]);
    const email = uniqueEmail(`member-${lang}`);
    const member = await admin<{ id: string }>(page, "POST", "/users", {
      primary_email: email,
      password: PASSWORD,
      primary_email_auth_enabled: true,
    });
    const name = `Crew ${lang} ${Date.now()}`;
    const team = await admin<{ id: string }>(page, "POST", "/teams", { display_name: name });
    await admin(page, "POST", `/team-memberships/${team.id}/${member.id}`, {});

    await page.goto("/admin/teams");
    await page.getByRole("searchbox", { name: tr(lang, "Search teams") }).fill(name);
    await expectNoSeriousA11yViolations(page, `${lang} /admin/teams`);
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: email })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /admin/teams/$teamId`);

    const renamed = `${name} renamed`;
    await page.getByLabel(tr(lang, "Team name")).fill(renamed);
    await page.getByRole("button", { name: tr(lang, "Rename") }).click();
    await expect(page.getByRole("heading", { name: renamed, level: 2 })).toBeVisible();

    await page.getByRole("button", { name: new RegExp(tr(lang, "Remove from team")) }).click();
    await expect(page.getByText(tr(lang, "No members."))).toBeVisible();

    await page.getByRole("button", { name: tr(lang, "Delete team") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Delete team") })
      .click();
    await expect(page).toHaveURL(/\/admin\/teams$/);
    await page.getByRole("searchbox", { name: tr(lang, "Search teams") }).fill(renamed);
    await expect(page.getByText(tr(lang, "No teams found."))).toBeVisible();
  });
}
