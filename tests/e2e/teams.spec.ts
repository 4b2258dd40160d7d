import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { typeNameToConfirm } from "./helpers/confirm.ts";
import { MAIL_SUBJECT } from "./helpers/mail-subjects.ts";
import {
  fillCredentials,
  linkFromMail,
  PASSWORD,
  PROJECT_INIT_TIMEOUT_MS,
  signOut,
  startSignedIn,
  uniqueEmail,
  useLanguage,
} from "./helpers/session.ts";
import { untilToastsGone } from "./helpers/toasts.ts";

// The e2e project lets users create teams (helpers/e2e-project.ts, applied at set-up); what a
// creator and a member may do are the default team_admin and team_member permissions.

/** Opens the sidebar's workspace switcher (whatever the current workspace is), once no toast covers it. */
async function openSwitcher(page: Page, lang: Lang) {
  await untilToastsGone(page);
  await page.getByRole("button", { name: new RegExp(`^${tr(lang, "Workspace")} `) }).click();
  return page.getByRole("menu");
}

async function createTeam(page: Page, lang: Lang, name: string): Promise<string> {
  const menu = await openSwitcher(page, lang);
  await menu.getByRole("menuitem", { name: tr(lang, "Create team") }).click();
  const dialog = page.getByRole("dialog", { name: tr(lang, "Create team") });
  await dialog.getByLabel(tr(lang, "Team name")).fill(name);
  await dialog.getByRole("button", { name: tr(lang, "Create team") }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/teams\/[^/]+$/);
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/** Gives the account a display name, which its team profiles show. */
async function setDisplayName(page: Page, lang: Lang, name: string): Promise<void> {
  await page.goto("/account");
  await page.getByLabel(tr(lang, "Display name")).fill(name);
  await page.getByRole("button", { name: tr(lang, "Save profile") }).click();
  await expect(page.getByText(tr(lang, "Profile saved")).first()).toBeVisible();
}

for (const lang of journeyLangs("de")) {
  test(`teams: create and switch in the workspace switcher, rename, invite by e-mail, join, leave, delete (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(context, lang);
    const suffix = randomUUID().slice(0, 6);
    const owner = { email: uniqueEmail(`team-owner-${lang}`), name: `Owner ${lang} ${suffix}` };
    const invitee = { email: uniqueEmail(`team-invitee-${lang}`) };

    // The invitee has an account already, and is signed out when the mail arrives.
    const secondContext = await browser.newContext();
    await useLanguage(secondContext, lang);
    const second = { context: secondContext, page: await secondContext.newPage() };
    try {
      // The invitee never sets a name: the team page shows them by e-mail.
      await startSignedIn(second.page, lang, invitee.email);
      await signOut(second.page, lang, invitee.email);

      await startSignedIn(page, lang, owner.email);
      await setDisplayName(page, lang, owner.name);

      // Two teams from the workspace switcher; the newer one is the workspace, and the switcher changes that.
      const first = `Alpha ${suffix}`;
      const other = `Beta ${suffix}`;
      const teamId = await createTeam(page, lang, first);
      await createTeam(page, lang, other);
      let menu = await openSwitcher(page, lang);
      await expect(menu.getByRole("menuitemradio", { name: new RegExp(`^${other}`) })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await expect(menu.getByRole("menuitemradio", { name: new RegExp(`^${first}`) })).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await expectNoSeriousA11yViolations(page, `${lang} team switcher`, { modalOpen: true });
      await menu.getByRole("menuitemradio", { name: new RegExp(`^${first}`) }).click();
      await expect(page).toHaveURL(/\/$/);
      menu = await openSwitcher(page, lang);
      await expect(menu.getByRole("menuitemradio", { name: new RegExp(`^${first}`) })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await menu.getByRole("menuitem", { name: tr(lang, "Team settings") }).click();
      await expect(page).toHaveURL(new RegExp(`/teams/${teamId}$`));
      await expectNoSeriousA11yViolations(page, `${lang} /teams/$teamId`);

      // Rename.
      const renamed = `Alpha renamed ${suffix}`;
      const nameSection = page.getByRole("region", { name: tr(lang, "Team name") });
      await nameSection.getByLabel(tr(lang, "Team name")).fill(renamed);
      await nameSection.getByRole("button", { name: tr(lang, "Rename") }).click();
      await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();

      // Invite by e-mail: the invitation is pending until accepted.
      const invitations = page.getByRole("region", { name: tr(lang, "Invitations") });
      await invitations.getByLabel(tr(lang, "Invite by e-mail")).fill(invitee.email);
      await invitations.getByRole("button", { name: tr(lang, "Send invitation") }).click();
      // Invited as a viewer, the form's first choice (owners and admins pick the role).
      await expect(invitations.getByLabel(tr(lang, "Role"))).toHaveValue("viewer");
      await expect(
        page
          .getByText(
            tr(lang, "Invitation sent to {email} as {granted}", { email: invitee.email, granted: tr(lang, "Viewer") }),
          )
          .first(),
      ).toBeVisible();
      await expect(invitations.getByRole("listitem").filter({ hasText: invitee.email })).toContainText(
        tr(lang, "Viewer"),
      );

      // The invitee opens the mailed link signed out: sign in first, then back to the invitation.
      const link = await linkFromMail(invitee.email, "/handler/team-invitation", MAIL_SUBJECT.invitation[lang]);
      await second.page.goto(link);
      await expect(second.page).toHaveURL(/\/login\?after_auth_return_to=/);
      await fillCredentials(second.page, lang, invitee.email, PASSWORD);
      await second.page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(second.page).toHaveURL(link, { timeout: PROJECT_INIT_TIMEOUT_MS });
      await expect(
        second.page.getByText(tr(lang, "You are invited to join the team {teamName}.", { teamName: renamed })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(second.page, `${lang} /handler/team-invitation`);
      await second.page.getByRole("button", { name: tr(lang, "Join {teamName}", { teamName: renamed }) }).click();
      await expect(second.page).toHaveURL(new RegExp(`/teams/${teamId}$`));
      await expect(second.page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();

      // Both see each other as members, by name or else by e-mail. The invitee is a viewer, as
      // invited: they read the members, and neither invite nor delete.
      const inviteeMembers = second.page.getByRole("region", { name: tr(lang, "Members") });
      await expect(inviteeMembers.getByRole("listitem").filter({ hasText: owner.name })).toBeVisible();
      await expect(inviteeMembers.getByRole("listitem").filter({ hasText: invitee.email })).toBeVisible();
      await expect(inviteeMembers).not.toContainText(tr(lang, "Member without a name"));
      const permissions = second.page.getByRole("region", { name: tr(lang, "Your permissions") });
      await expect(permissions).toContainText("console:viewer");
      await expect(permissions).toContainText("$read_members");
      await expect(permissions).not.toContainText("$invite_members");
      await expect(permissions).not.toContainText("$delete_team");
      await expect(second.page.getByRole("region", { name: tr(lang, "Invitations") })).toHaveCount(0);
      await expect(second.page.getByRole("region", { name: tr(lang, "Transfer ownership") })).toHaveCount(0);
      await expect(second.page.getByRole("region", { name: tr(lang, "Delete team") })).toHaveCount(0);
      await page.reload();
      const ownerMembers = page.getByRole("region", { name: tr(lang, "Members") });
      await expect(ownerMembers.getByRole("listitem").filter({ hasText: invitee.email })).toBeVisible();
      await expect(ownerMembers.getByRole("listitem").filter({ hasText: owner.name })).toBeVisible();
      await expect(
        page.getByRole("region", { name: tr(lang, "Invitations") }).getByText(tr(lang, "No pending invitations.")),
      ).toBeVisible();

      // The link works once.
      await second.page.goto(link);
      await expect(second.page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "This invitation has already been used."),
      );

      // The invitee leaves; the team is gone from their switcher.
      await second.page.goto(`/teams/${teamId}`);
      await second.page
        .getByRole("region", { name: tr(lang, "Leave team") })
        .getByRole("button", { name: tr(lang, "Leave team") })
        .click();
      await second.page
        .getByRole("alertdialog", { name: tr(lang, "Leave team") })
        .getByRole("button", { name: tr(lang, "Leave team") })
        .click();
      await expect(second.page).toHaveURL(/\/$/);
      const inviteeMenu = await openSwitcher(second.page, lang);
      await expect(inviteeMenu.getByRole("menuitemradio", { name: tr(lang, "Personal") })).toBeVisible();
      await expect(inviteeMenu.getByRole("menuitemradio", { name: new RegExp(`^${renamed}`) })).toHaveCount(0);
      await second.page.keyboard.press("Escape");

      // The owner deletes the team after typing its name.
      const deletion = page.getByRole("region", { name: tr(lang, "Delete team") });
      await deletion.getByRole("button", { name: tr(lang, "Delete team") }).click();
      const confirmDeletion = page.getByRole("alertdialog", { name: tr(lang, "Delete team") });
      await typeNameToConfirm(confirmDeletion, lang, renamed);
      await confirmDeletion.getByRole("button", { name: tr(lang, "Delete team") }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/teams/${teamId}`);
      await expect(page.getByRole("heading", { name: tr(lang, "Team not found"), level: 1 })).toBeVisible();
    } finally {
      await second.context.close();
    }
  });
}

test("an invitation link with an unknown code says so in words", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("team-bad-code");
  await startSignedIn(page, "en", email);
  await page.goto(`/handler/team-invitation?code=${"a".repeat(45)}`);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    tr("en", "This invitation link is not valid. Ask for a new invitation."),
  );
});

test("an invitation sent to another address is refused with the reason", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = uniqueEmail("team-mismatch-owner");
  const invited = uniqueEmail("team-mismatch-invited");
  const stranger = uniqueEmail("team-mismatch-stranger");
  await startSignedIn(page, "en", owner);
  const team = `Mismatch ${randomUUID().slice(0, 6)}`;
  await createTeam(page, "en", team);
  const invitations = page.getByRole("region", { name: tr("en", "Invitations") });
  await invitations.getByLabel(tr("en", "Invite by e-mail")).fill(invited);
  await invitations.getByRole("button", { name: tr("en", "Send invitation") }).click();
  const link = await linkFromMail(invited, "/handler/team-invitation", MAIL_SUBJECT.invitation.en);

  // Someone the link was forwarded to sees the team but cannot join it.
  const visitorContext = await browser.newContext();
  const visitor = { context: visitorContext, page: await visitorContext.newPage() };
  try {
    await startSignedIn(visitor.page, "en", stranger);
    await visitor.page.goto(link);
    await visitor.page.getByRole("button", { name: tr("en", "Join {teamName}", { teamName: team }) }).click();
    await expect(visitor.page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
      tr(
        "en",
        "This invitation was sent to a different e-mail address. Sign in with the invited address, or add it to your account, then open the link again.",
      ),
    );
    await visitor.page.getByRole("button", { name: tr("en", "Ignore") }).click();
    await expect(visitor.page).toHaveURL(/\/$/);
  } finally {
    await visitor.context.close();
  }
});
