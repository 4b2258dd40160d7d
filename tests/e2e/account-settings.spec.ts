import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { waitForMail } from "../helpers/mail-catcher.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import {
  fillCredentials,
  PASSWORD,
  PROJECT_INIT_TIMEOUT_MS,
  signIn,
  signOut,
  startSignedIn,
  uniqueEmail,
  useLanguage,
  userMenuButton,
} from "./helpers/session.ts";

async function openAccount(page: Page, lang: Lang, email: string): Promise<void> {
  await userMenuButton(page, lang, email).click();
  await page.getByRole("menuitem", { name: tr(lang, "Account settings") }).click();
  await expect(page.getByRole("heading", { name: tr(lang, "Account settings"), level: 1 })).toBeVisible();
}

for (const lang of journeyLangs("de")) {
  test(`a user edits profile, e-mails, password, MFA and sessions on the account page (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    const email = uniqueEmail(`account-${lang}`);
    await startSignedIn(page, lang, email);
    await openAccount(page, lang, email);
    await expectNoSeriousA11yViolations(page, `${lang} /account`);

    // Profile.
    await page.getByLabel(tr(lang, "Display name")).fill(`Ada ${lang}`);
    await page.getByRole("button", { name: tr(lang, "Save profile") }).click();
    await expect(page.getByText(tr(lang, "Profile saved")).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(tr(lang, "Display name"))).toHaveValue(`Ada ${lang}`);

    // A second address: added unverified, its verification mail arrives, then it is removed.
    const second = uniqueEmail(`second-${lang}`);
    const emails = page.getByRole("region", { name: tr(lang, "E-mail addresses") });
    await emails.getByLabel(tr(lang, "Add an e-mail address")).fill(second);
    await emails.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
    const row = emails.getByRole("listitem").filter({ hasText: second });
    await expect(row).toContainText(tr(lang, "not verified"));
    await row.getByRole("button", { name: new RegExp(tr(lang, "Send verification e-mail")) }).click();
    await waitForMail(process.env.E2E_MAIL_DIR ?? "", second);
    await row.getByRole("button", { name: new RegExp(tr(lang, "Remove")) }).click();
    await expect(emails.getByRole("listitem").filter({ hasText: second })).toHaveCount(0);

    // Password: the seed's mismatch message, then a real change.
    const password = page.getByRole("region", { name: tr(lang, "Password") });
    const newPassword = `${PASSWORD} changed`;
    await password.getByLabel(tr(lang, "Current password")).fill(PASSWORD);
    await password.getByLabel(tr(lang, "New password"), { exact: true }).fill(newPassword);
    await password.getByLabel(tr(lang, "Confirm new password")).fill(`${newPassword}!`);
    await password.getByRole("button", { name: tr(lang, "Change password") }).click();
    await expect(password.getByText(tr(lang, "Passwords do not match."))).toBeVisible();
    await password.getByLabel(tr(lang, "Confirm new password")).fill(newPassword);
    await password.getByRole("button", { name: tr(lang, "Change password") }).click();
    await expect(page.getByText(tr(lang, "Password saved")).first()).toBeVisible();

    // Sessions: a second browser signs in; this page signs it out.
    const other = await browser.newContext();
    await useLanguage(other, lang);
    try {
      await signIn(await other.newPage(), lang, email, newPassword);
    } finally {
      await other.close();
    }
    await page.reload();
    const sessions = page.getByRole("region", { name: tr(lang, "Sessions") });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await sessions.getByRole("button", { name: tr(lang, "Sign out all other sessions") }).click();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).toContainText(tr(lang, "This device"));

    // MFA: set up from the shown key; the next sign-in asks for a code.
    const mfa = page.getByRole("region", { name: tr(lang, "Multi-factor authentication") });
    await mfa.getByRole("button", { name: tr(lang, "Set up") }).click();
    await expect(mfa.getByRole("img", { name: tr(lang, "QR code of the authenticator key") })).toBeVisible();
    const key = (await mfa.getByTestId("totp-key").textContent()) ?? "";
    const totp = new TOTP({ secret: Secret.fromBase32(key) });
    await mfa.getByLabel(tr(lang, "Six-digit code")).fill("000000" === totp.generate() ? "111111" : "000000");
    await mfa.getByRole("button", { name: tr(lang, "Turn on") }).click();
    await expect(mfa.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
    await mfa.getByLabel(tr(lang, "Six-digit code")).fill(totp.generate());
    await mfa.getByRole("button", { name: tr(lang, "Turn on") }).click();
    await expect(mfa).toContainText(tr(lang, "On: signing in asks for a code from your authenticator app."));

    await signOut(page, lang, email);
    await fillCredentials(page, lang, email, newPassword);
    await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
    await expect(page).toHaveURL(/\/handler\/mfa$/);
    await page.getByLabel(tr(lang, "Six-digit code")).fill(totp.generate());
    await page.getByRole("button", { name: tr(lang, "Verify") }).click();
    await expect(userMenuButton(page, lang, email)).toBeVisible({ timeout: PROJECT_INIT_TIMEOUT_MS });
  });
}

test("a user deletes their account where the project allows it", async ({ page, browser }) => {
  test.slow();
  await signInAsOperator(page, "en", OPERATOR_EMAILS.accountDeletion.en);
  const allowDeletion = (on: boolean) =>
    page.evaluate(async (value) => {
      const response = await fetch("/api/v1/admin/auth/internal/projects/current", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ config: { client_user_deletion_enabled: value } }),
      });
      return response.status;
    }, on);
  expect(await allowDeletion(true)).toBe(200);
  const visitor = await browser.newContext();
  try {
    const tab = await visitor.newPage();
    const email = uniqueEmail("delete-me");
    await startSignedIn(tab, "en", email);
    await openAccount(tab, "en", email);
    const section = tab.getByRole("region", { name: tr("en", "Delete account") });
    await section.getByLabel(tr("en", "Type {confirmation} to confirm", { confirmation: email })).fill(email);
    await section.getByRole("button", { name: tr("en", "Delete my account") }).click();
    await expect(tab).toHaveURL(/\/login$/);
    await fillCredentials(tab, "en", email, PASSWORD);
    await tab.getByRole("button", { name: tr("en", "Log in"), exact: true }).click();
    await expect(tab.getByText("Wrong e-mail or password.")).toBeVisible();
  } finally {
    await visitor.close();
    expect(await allowDeletion(false)).toBe(200);
  }
});
