import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { MAIL_SUBJECT } from "./helpers/mail-subjects.ts";
import { linkFromMail, startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { untilToastsGone } from "./helpers/toasts.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// One journey per language: English on a desktop (1280 px), German on a phone (390 px, where the
// sidebar and its workspace switcher are a drawer). Two users in two browser contexts: the owner
// makes a team, an app in it and a secret; the invited member sees the app arrive live, as a
// viewer sees the key but no value, and as a developer reveals it.

const SIZES: Record<Lang, { width: number; height: number }> = {
  en: { width: 1280, height: 800 },
  de: { width: 390, height: 844 },
};

/** The workspace switcher's menu, through the drawer on a phone. */
async function openSwitcher(page: Page, lang: Lang, current: string) {
  if (SIZES[lang].width < 768) await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
  await untilToastsGone(page);
  await page.getByRole("button", { name: `${tr(lang, "Workspace")} ${current}`, exact: true }).click();
  return page.getByRole("menu");
}

for (const lang of journeyLangs("en")) {
  test(`workspaces: a team's app shared live, viewer sees keys only, developer reveals (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(300_000);
    await useLanguage(context, lang);
    await page.setViewportSize(SIZES[lang]);
    const suffix = randomUUID().slice(0, 6);
    const team = `Crew ${lang} ${suffix}`;
    const ownerEmail = uniqueEmail(`ws-owner-${lang}`);
    const memberEmail = uniqueEmail(`ws-member-${lang}`);

    const memberContext = await browser.newContext({ viewport: SIZES[lang] });
    await useLanguage(memberContext, lang);
    const member = await memberContext.newPage();
    try {
      await startSignedIn(member, lang, memberEmail);
      await startSignedIn(page, lang, ownerEmail);

      // The owner creates the team from the switcher; it becomes the workspace.
      await expectNoSeriousA11yViolations(page, `${lang} home with the switcher`);
      const menu = await openSwitcher(page, lang, tr(lang, "Personal"));
      await expect(menu.getByRole("menuitemradio", { name: tr(lang, "Personal") })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expectNoSeriousA11yViolations(page, `${lang} workspace switcher`, { modalOpen: true });
      await menu.getByRole("menuitem", { name: tr(lang, "Create team") }).click();
      const dialog = page.getByRole("dialog", { name: tr(lang, "Create team") });
      await dialog.getByLabel(tr(lang, "Team name")).fill(team);
      await dialog.getByRole("button", { name: tr(lang, "Create team") }).click();
      await expect(page.getByRole("heading", { name: team, level: 1 })).toBeVisible();
      const teamUrl = page.url();

      // Invitation by e-mail; the member joins and switches to the team's workspace.
      const invitations = page.getByRole("region", { name: tr(lang, "Invitations") });
      await invitations.getByLabel(tr(lang, "Invite by e-mail")).fill(memberEmail);
      await invitations.getByRole("button", { name: tr(lang, "Send invitation") }).click();
      const link = await linkFromMail(memberEmail, "/handler/team-invitation", MAIL_SUBJECT.invitation[lang]);
      await member.goto(link);
      await member.getByRole("button", { name: tr(lang, "Join {teamName}", { teamName: team }) }).click();
      await expect(member.getByRole("heading", { name: team, level: 1 })).toBeVisible();
      const memberMenu = await openSwitcher(member, lang, tr(lang, "Personal"));
      await memberMenu.getByRole("menuitemradio", { name: new RegExp(`^${team}`) }).click();
      await expect(member).toHaveURL(/\/$/);
      await expect(
        member.getByRole("heading", { name: tr(lang, "Apps of {teamName}", { teamName: team }) }),
      ).toBeVisible();
      await expect(member.getByText(tr(lang, "This team has no apps yet."))).toBeVisible();
      // A viewer creates no apps here.
      await expect(member.getByRole("main").getByRole("button", { name: tr(lang, "Create App") })).toBeDisabled();

      // The owner creates an app in the team and gives it a secret.
      const title = `Shop ${suffix}`;
      await page.goto("/create-app");
      const create = page.getByRole("dialog", { name: tr(lang, "Create new app") });
      await expect(
        create.getByText(
          tr(lang, "The app belongs to the team {teamName}. Give it a title and, if you like, a description.", {
            teamName: team,
          }),
        ),
      ).toBeVisible();
      await create.getByLabel(tr(lang, "Title")).fill(title);
      await create.getByRole("button", { name: tr(lang, "Create App") }).click();
      await expect(page).toHaveURL(/\/apps\/[^/]+$/);
      const appUrl = page.url();
      const secrets = page.getByRole("region", { name: tr(lang, "Environment Variables") });
      await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
      await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("STRIPE_KEY");
      await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill(`sk_live_${suffix}`);
      await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
      await expect(secrets.getByRole("listitem").filter({ hasText: "STRIPE_KEY" })).toBeVisible();

      // The member's home page shows it without a reload (the team's live events).
      await member.getByRole("main").getByRole("link", { name: title }).click();
      await expect(member.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      const memberSecrets = member.getByRole("region", { name: tr(lang, "Environment Variables") });
      const row = memberSecrets.getByRole("listitem").filter({ hasText: "STRIPE_KEY" });
      await expect(row).toBeVisible();
      await expect(
        memberSecrets.getByText(
          tr(lang, "As a viewer you see the keys only. Values, changes and the .env file need the developer role."),
        ),
      ).toBeVisible();
      await expect(
        row.getByRole("button", { name: tr(lang, "Show value of {key}", { key: "STRIPE_KEY" }) }),
      ).toHaveCount(0);
      await expect(member.getByText(`sk_live_${suffix}`)).toHaveCount(0);
      await expect(
        member
          .getByRole("region", { name: tr(lang, "Danger zone") })
          .getByText(tr(lang, "Only the team's admins move or delete this app.")),
      ).toBeVisible();
      await expectNoPageScrollSideways(member);
      await expectNoSeriousA11yViolations(member, `${lang} team app as a viewer`);

      // The owner makes the member a developer on the team page, reached from the switcher.
      const ownerMenu = await openSwitcher(page, lang, team);
      await ownerMenu.getByRole("menuitem", { name: tr(lang, "Team settings") }).click();
      await expect(page).toHaveURL(teamUrl);
      const members = page.getByRole("region", { name: tr(lang, "Members") });
      const role = members.getByRole("combobox", { name: tr(lang, "Role of {label}", { label: memberEmail }) });
      await expect(role).toHaveValue("viewer");
      await expectNoSeriousA11yViolations(page, `${lang} team members with roles`);
      await role.selectOption("developer");
      await expect(
        page.getByText(tr(lang, "{label} is now {name}.", { label: memberEmail, name: tr(lang, "Developer") })).first(),
      ).toBeVisible();

      // As a developer the member reveals the value.
      await member.goto(appUrl);
      await member
        .getByRole("region", { name: tr(lang, "Environment Variables") })
        .getByRole("button", { name: tr(lang, "Show value of {key}", { key: "STRIPE_KEY" }) })
        .click();
      await expect(member.getByText(`sk_live_${suffix}`)).toBeVisible();
    } finally {
      await memberContext.close();
    }
  });
}
