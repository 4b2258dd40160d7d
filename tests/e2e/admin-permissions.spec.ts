import { randomUUID } from "node:crypto";
import { expect, type Locator, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { useLanguage } from "./helpers/session.ts";

async function addPermission(section: Locator, lang: Lang, id: string, contains: string[]) {
  const idField = section.getByLabel(tr(lang, "Permission ID"));
  // The form stays open after an addition; the summary toggles it.
  if (!(await idField.isVisible())) await section.getByText(tr(lang, "Add a permission")).click();
  await idField.fill(id);
  await section.getByLabel(tr(lang, "Description")).fill(`e2e ${id}`);
  for (const contained of contains) await section.getByRole("checkbox", { name: contained, exact: true }).check();
  await section.getByRole("button", { name: tr(lang, "Add permission") }).click();
  await expect(section.getByRole("listitem").filter({ hasText: id }).first()).toBeVisible();
}

for (const lang of journeyLangs("en")) {
  test(`an operator defines team and project permissions that contain others (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.permissions[lang]);
    await page.goto("/admin/permissions");
    const team = page.getByRole("region", { name: tr(lang, "Team permissions") });
    await expect(team.getByRole("listitem").filter({ hasText: "$update_team" }).first()).toContainText(
      tr(lang, "built in"),
    );
    await expect(team.getByRole("listitem").filter({ hasText: "team_admin" })).toContainText("$remove_members");
    await expectNoSeriousA11yViolations(page, `${lang} /admin/permissions`);

    const inviter = `e2e_inviter_${randomUUID().slice(0, 6)}`;
    const lead = `e2e_lead_${randomUUID().slice(0, 6)}`;
    await addPermission(team, lang, inviter, ["$invite_members"]);
    await addPermission(team, lang, lead, [inviter]);
    const inviterItem = team.getByRole("listitem").filter({ hasText: `e2e ${inviter}` });
    await expect(inviterItem).toContainText("$invite_members");

    // Containing a permission that already contains this one would be a cycle: the server says no.
    await team.getByRole("button", { name: tr(lang, "Edit {id}", { id: inviter }) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox", { name: lead, exact: true }).check();
    await dialog.getByRole("button", { name: tr(lang, "Save permission") }).click();
    await expect(dialog.getByRole("alert")).toContainText("cannot contain itself");
    await dialog.getByRole("checkbox", { name: lead, exact: true }).uncheck();
    await dialog.getByRole("checkbox", { name: "$invite_members", exact: true }).uncheck();
    await dialog.getByRole("button", { name: tr(lang, "Save permission") }).click();
    await expect(dialog).toBeHidden();
    await expect(inviterItem).not.toContainText("$invite_members");

    for (const id of [lead, inviter]) {
      await team.getByRole("button", { name: tr(lang, "Delete {id}", { id }) }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: tr(lang, "Delete permission") })
        .click();
      await expect(team.getByRole("listitem").filter({ hasText: `e2e ${id}` })).toHaveCount(0);
    }

    const project = page.getByRole("region", { name: tr(lang, "Project permissions") });
    const billing = `e2e_billing_${randomUUID().slice(0, 6)}`;
    await addPermission(project, lang, billing, []);
    await expect(project.getByRole("checkbox", { name: "$invite_members" })).toHaveCount(0);
    await project.getByRole("button", { name: tr(lang, "Delete {id}", { id: billing }) }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Delete permission") })
      .click();
    await expect(project.getByRole("listitem").filter({ hasText: billing })).toHaveCount(0);
  });
}
