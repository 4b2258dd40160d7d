import { expect, test } from "@playwright/test";
import { waitForMail } from "../helpers/mail-catcher.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { uniqueEmail, useLanguage } from "./helpers/session.ts";

// One language at a time: both edit the same project's password-reset template.
test.describe.configure({ mode: "serial" });

for (const lang of journeyLangs("de")) {
  test(`an operator edits a template with a live preview, resets it, and tries an SMTP server (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.emails[lang]);
    await page.goto("/admin/emails");
    await expect(page.getByRole("heading", { name: tr(lang, "E-mails"), level: 2 })).toBeVisible();

    await page.getByRole("button", { name: tr(lang, "Password reset") }).click();
    const subject = page.getByLabel(tr(lang, "Subject"), { exact: true });
    const defaultSubject = await subject.inputValue();
    expect(defaultSubject).toContain("{{projectDisplayName}}");
    await subject.fill("Reset for {{email}} now");
    const content = page.getByLabel(tr(lang, "Content"));
    await content.fill("Hello {{userDisplayName}}, <b>not bold</b>.\n\n{{link}}");

    // The server renders the unsaved edit with example values; HTML in the text stays text.
    await expect(page.getByTestId("preview-subject")).toHaveText("Reset for jane.doe@example.com now");
    const frame = page.frameLocator("iframe");
    await expect(frame.locator("body")).toContainText("Hello Jane Doe, <b>not bold</b>.");
    await expect(frame.locator("b")).toHaveCount(0);
    await expect(frame.getByRole("link")).toHaveAttribute("href", /\/handler\/example\?code=example$/);
    await expectNoSeriousA11yViolations(page, `${lang} /admin/emails`);

    await page.getByRole("button", { name: tr(lang, "Save template") }).click();
    await expect(page.getByRole("button", { name: new RegExp(tr(lang, "edited")) })).toBeVisible();
    await page.reload();
    await page.getByRole("button", { name: new RegExp(tr(lang, "Password reset")) }).click();
    await expect(subject).toHaveValue("Reset for {{email}} now");

    await page.getByRole("button", { name: tr(lang, "Reset to default") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Reset to default") })
      .click();
    await expect(subject).toHaveValue(defaultSubject);
    await expect(page.getByRole("button", { name: new RegExp(tr(lang, "edited")) })).toHaveCount(0);

    // A test mail through the test's own SMTP server arrives; an unreachable server says so.
    const smtp = new URL(process.env.E2E_SMTP_URL ?? "");
    const recipient = uniqueEmail(`smtp-${lang}`);
    await page.getByLabel(tr(lang, "SMTP host")).fill(smtp.hostname);
    await page.getByLabel(tr(lang, "Port")).fill(smtp.port);
    await page.getByLabel(tr(lang, "Sender name")).fill("Console");
    await page.getByLabel(tr(lang, "Sender e-mail")).fill("console@example.test");
    await page.getByLabel(tr(lang, "Send the test to")).fill(recipient);
    await page.getByRole("button", { name: tr(lang, "Send test e-mail") }).click();
    await expect(page.getByText(tr(lang, "The test e-mail was sent."))).toBeVisible({ timeout: 20_000 });
    await waitForMail(process.env.E2E_MAIL_DIR ?? "", recipient);

    await page.getByLabel(tr(lang, "Port")).fill("1");
    await page.getByRole("button", { name: tr(lang, "Send test e-mail") }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Make sure the email server is running" })).toBeVisible({
      timeout: 30_000,
    });
    const log = page.getByRole("region", { name: tr(lang, "Sent e-mails") });
    await expect(log.getByRole("row").filter({ hasText: recipient }).first()).toBeVisible();

    // The failed mail is kept whole: it opens with its text and its HTML in a frame that may do
    // nothing (sandbox="" and a policy of its own), and goes out again through the working server.
    await page.reload();
    const failed = log
      .getByRole("row")
      .filter({ hasText: recipient })
      .filter({ hasText: tr(lang, "Failed") });
    await failed.getByRole("button").click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByTestId("mail-text")).toContainText("Your SMTP settings work.");
    const mailFrame = viewer.locator("iframe");
    await expect(mailFrame).toHaveAttribute("sandbox", "");
    await expect(mailFrame).toHaveAttribute("srcdoc", /Content-Security-Policy" content="default-src 'none'/);
    await expectNoSeriousA11yViolations(page, `${lang} an opened e-mail`, { modalOpen: true });
    await page.screenshot({ path: `/tmp/polish-mail-${lang}.png` });
    await viewer.getByRole("button", { name: tr(lang, "Send again") }).click();
    await expect(page.getByText(tr(lang, "The e-mail is in the outbox again.")).first()).toBeVisible();
    await viewer
      .getByRole("button", { name: tr(lang, "Close") })
      .last()
      .click();
    await expect(log.getByRole("row").filter({ hasText: recipient })).toHaveCount(3);
  });
}
