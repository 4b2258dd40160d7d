import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { e2eAdminHeaders } from "./helpers/e2e-project.ts";
import { addSessionCookies, createVerifiedUser, startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { runSql } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// A team's database shared by role (issue 32), two people in two browsers: as a viewer the member
// reads the rows and runs SELECTs but is offered no edit, import, export or table editor, and a
// write is refused in their language; as a developer they write; removed from the team on the
// team page, they lose the database at once. English at 1280 px, German at 390 px.

const SIZES: Record<Lang, { width: number; height: number }> = {
  en: { width: 1280, height: 800 },
  de: { width: 390, height: 844 },
};

const baseUrl = () => process.env.E2E_BASE_URL ?? "";

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  const parsed = JSON.parse(text) as unknown;
  return (Array.isArray(parsed) ? parsed[0] : parsed) as { id: string };
}

async function openTable(page: Page, lang: Lang, dbId: string) {
  await page.goto(`/db/${dbId}?view=table&table=plants`);
  const table = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "plants" }) });
  await expect(table.getByRole("gridcell", { name: "fern", exact: true })).toBeVisible();
  return table;
}

for (const lang of journeyLangs("de")) {
  test(`team database by role: a viewer reads, a developer writes, a removed member loses it (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(context, lang);
    await page.setViewportSize(SIZES[lang]);
    const ownerEmail = uniqueEmail(`tdb-owner-${lang}`);
    const memberEmail = uniqueEmail(`tdb-member-${lang}`);
    const owner = await startSignedIn(page, lang, ownerEmail);
    const member = await createVerifiedUser(memberEmail);
    const memberContext = await browser.newContext({ viewport: SIZES[lang] });
    await useLanguage(memberContext, lang);
    await addSessionCookies(memberContext, member);
    const memberPage = await memberContext.newPage();
    try {
      // The team, its member (a viewer, the default role) and its database, set up over HTTP: the
      // invitation and role journeys are workspaces.spec and team-roles.spec.
      const admin = await e2eAdminHeaders(baseUrl(), process.env.E2E_ADMIN_KEY ?? "");
      const teamName = `Garden ${lang} ${randomUUID().slice(0, 6)}`;
      const team = await call("POST", "/auth/api/v1/teams", admin, {
        display_name: teamName,
        creator_user_id: owner.userId,
      });
      await call("POST", `/auth/api/v1/team-memberships/${team.id}/${member.userId}`, admin, {});
      const asOwner = { authorization: `Bearer ${owner.accessToken}` };
      const db = await call("POST", "/api/v1/db", asOwner, { kind: "managed", name: "garden", team_id: team.id });
      await call("POST", `/api/v1/db/${db.id}/execute`, asOwner, {
        sql: "CREATE TABLE plants (id int PRIMARY KEY, name text NOT NULL); INSERT INTO plants VALUES (1, 'fern'), (2, 'ivy')",
      });

      // As a viewer: the rows, and nothing that would change or copy them.
      const table = await openTable(memberPage, lang, db.id);
      await expect(table.getByRole("gridcell", { name: "ivy", exact: true })).toBeVisible();
      // Said once the role is known; from then on the buttons below would be there for a developer.
      await expect(
        table.getByText(
          tr(lang, "As a viewer you read the rows only. Editing, importing and exporting need the developer role."),
        ),
      ).toBeVisible();
      await expect(table.getByRole("button", { name: tr(lang, "Insert row") })).toHaveCount(0);
      await expect(table.getByRole("button", { name: tr(lang, "Import CSV") })).toHaveCount(0);
      await expect(table.getByRole("button", { name: tr(lang, "Export"), exact: true })).toHaveCount(0);
      await expectNoPageScrollSideways(memberPage);
      await expectNoSeriousA11yViolations(memberPage, `${lang} team table as a viewer`);

      // A SELECT runs; a write is refused by the server, in the member's language.
      await memberPage.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
      await expect(memberPage.getByTestId("sql-editor").locator(".monaco-editor")).toBeVisible();
      await runSql(memberPage, "SELECT name FROM plants ORDER BY id");
      await expect(memberPage.getByRole("gridcell", { name: "ivy", exact: true })).toBeVisible();
      await runSql(memberPage, "INSERT INTO plants VALUES (3, 'moss')");
      await expect(
        memberPage.getByRole("alert").filter({
          hasText: tr(lang, "As a viewer you can only run SELECT, EXPLAIN and SHOW statements."),
        }),
      ).toBeVisible();

      // Made a developer, the member edits and writes.
      await call("PUT", `/api/v1/teams/${team.id}/members/${member.userId}/role`, asOwner, { role: "developer" });
      const writable = await openTable(memberPage, lang, db.id);
      await expect(writable.getByRole("button", { name: tr(lang, "Insert row") })).toBeVisible();
      await memberPage.getByRole("tab", { name: tr(lang, "SQL"), exact: true }).click();
      await runSql(memberPage, "INSERT INTO plants VALUES (3, 'moss')");
      await expect(
        memberPage
          .getByRole("tablist", { name: tr(lang, "Results") })
          .getByRole("tab")
          .first(),
      ).toContainText("INSERT");
      await expect(
        memberPage.getByRole("alert").filter({
          hasText: tr(lang, "As a viewer you can only run SELECT, EXPLAIN and SHOW statements."),
        }),
      ).toHaveCount(0);

      // The owner removes the member on the team page, after a confirmation naming them.
      await page.goto(`/teams/${team.id}`);
      const members = page.getByRole("region", { name: tr(lang, "Members") });
      await members
        .getByRole("button", { name: tr(lang, "Remove {label} from the team", { label: memberEmail }) })
        .click();
      const confirm = page.getByRole("alertdialog", { name: tr(lang, "Remove {label}?", { label: memberEmail }) });
      await expect(confirm).toContainText(teamName);
      await expectNoSeriousA11yViolations(page, `${lang} remove a member`, { modalOpen: true });
      await confirm.getByRole("button", { name: tr(lang, "Remove from team") }).click();
      await expect(confirm).toHaveCount(0);
      await expect(members.getByText(memberEmail)).toHaveCount(0);
      await expectNoPageScrollSideways(page);

      // The database is gone for the member, as if it never existed.
      await memberPage.goto(`/db/${db.id}`);
      await expect(memberPage.getByText(tr(lang, "This database no longer exists."))).toBeVisible();
    } finally {
      await memberContext.close();
    }
  });
}
