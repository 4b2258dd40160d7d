import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { MAIL_SUBJECT } from "./helpers/mail-subjects.ts";
import { linkFromMail, startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { untilToastsGone } from "./helpers/toasts.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// An invitation that carries a role, and the transfer of ownership, in two browser contexts: the
// owner makes a team and invites as developer; the invitee joins as developer; the owner hands the
// team over and is an admin from then on.

for (const lang of journeyLangs("de")) {
  test(`team roles: invite as developer, join as developer, transfer the ownership (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(240_000);
    await useLanguage(context, lang);
    const team = `Roles ${lang} ${randomUUID().slice(0, 6)}`;
    const ownerEmail = uniqueEmail(`roles-owner-${lang}`);
    const memberEmail = uniqueEmail(`roles-member-${lang}`);
    const memberContext = await browser.newContext();
    await useLanguage(memberContext, lang);
    const member = await memberContext.newPage();
    try {
      await startSignedIn(member, lang, memberEmail);
      await startSignedIn(page, lang, ownerEmail);

      await untilToastsGone(page);
      await page.getByRole("button", { name: `${tr(lang, "Workspace")} ${tr(lang, "Personal")}`, exact: true }).click();
      await page
        .getByRole("menu")
        .getByRole("menuitem", { name: tr(lang, "Create team") })
        .click();
      const create = page.getByRole("dialog", { name: tr(lang, "Create team") });
      await create.getByLabel(tr(lang, "Team name")).fill(team);
      await create.getByRole("button", { name: tr(lang, "Create team") }).click();
      await expect(page.getByRole("heading", { name: team, level: 1 })).toBeVisible();

      // The owner invites as developer; the pending invitation says so.
      const invitations = page.getByRole("region", { name: tr(lang, "Invitations") });
      await invitations.getByLabel(tr(lang, "Invite by e-mail")).fill(memberEmail);
      await invitations.getByLabel(tr(lang, "Role"), { exact: true }).selectOption("developer");
      await invitations.getByRole("button", { name: tr(lang, "Send invitation") }).click();
      await expect(invitations.getByRole("listitem").filter({ hasText: memberEmail })).toContainText(
        tr(lang, "Developer"),
      );
      await expectNoSeriousA11yViolations(page, `${lang} invitation with a role`);

      // The invitee joins as developer.
      const link = await linkFromMail(memberEmail, "/handler/team-invitation", MAIL_SUBJECT.invitation[lang]);
      await member.goto(link);
      await member.getByRole("button", { name: tr(lang, "Join {teamName}", { teamName: team }) }).click();
      await expect(
        member
          .getByText(
            tr(lang, "You joined {teamName} as {roleLabel}", { teamName: team, roleLabel: tr(lang, "Developer") }),
          )
          .first(),
      ).toBeVisible();
      await expect(member.getByRole("heading", { name: team, level: 1 })).toBeVisible();

      // The owner hands the team over after typing its name.
      await page.reload();
      const members = page.getByRole("region", { name: tr(lang, "Members") });
      await expect(
        members.getByRole("combobox", { name: tr(lang, "Role of {label}", { label: memberEmail }) }),
      ).toHaveValue("developer");
      const transfer = page.getByRole("region", { name: tr(lang, "Transfer ownership") });
      await transfer.getByLabel(tr(lang, "New owner")).selectOption({ label: memberEmail });
      await transfer.getByRole("button", { name: tr(lang, "Transfer ownership…") }).click();
      const confirm = page.getByRole("alertdialog", {
        name: tr(lang, "Transfer ownership to {label}?", { label: memberEmail }),
      });
      await expect(confirm.getByRole("button", { name: tr(lang, "Transfer ownership") })).toBeDisabled();
      await expectNoSeriousA11yViolations(page, `${lang} transfer ownership dialog`, { modalOpen: true });
      await confirm.getByLabel(tr(lang, 'Type the name "{name}" to confirm', { name: team })).fill(team);
      await confirm.getByRole("button", { name: tr(lang, "Transfer ownership") }).click();
      await expect(
        page
          .getByText(tr(lang, "{label} now owns {teamName}. You are an admin.", { label: memberEmail, teamName: team }))
          .first(),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: tr(lang, "Transfer ownership") })).toHaveCount(0);

      // The new owner may hand it on (and delete it); the previous owner is listed as admin.
      await member.reload();
      await expect(member.getByRole("region", { name: tr(lang, "Transfer ownership") })).toBeVisible();
      await expect(
        member
          .getByRole("region", { name: tr(lang, "Members") })
          .getByRole("combobox", { name: tr(lang, "Role of {label}", { label: ownerEmail }) }),
      ).toHaveValue("admin");

      // The team's activity names who did what; on a phone (German) it fits the screen.
      if (lang === SIZE_LANG.phone) await page.setViewportSize({ width: 390, height: 844 });
      const activity = page.getByRole("region", { name: tr(lang, "Activity") });
      const entries = activity.getByRole("list", { name: tr(lang, "Team activity") });
      await expect(entries).toContainText(
        tr(lang, "{who} handed the team over to {subject}", { who: ownerEmail, subject: memberEmail }),
      );
      await expect(entries).toContainText(
        tr(lang, "{who} invited {subject} as {role}", {
          who: ownerEmail,
          subject: memberEmail,
          role: tr(lang, "Developer"),
        }),
      );
      await activity.getByLabel(tr(lang, "Action"), { exact: true }).selectOption("team.ownership_transferred");
      await expect(entries.getByRole("listitem")).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `${lang} team activity`);
      await expectNoPageScrollSideways(page);
    } finally {
      await memberContext.close();
    }
  });
}
